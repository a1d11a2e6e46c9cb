/**
 * The origin emailed links are built from. A request's Host header is chosen by
 * whoever sends it, so links never come from it: they use the configured
 * PUBLIC_ORIGIN. Without one, only a loopback request (local development) may lend
 * its own origin; anywhere else there is no origin, and mail that needs a link is
 * not sent (fail closed).
 */
import type { AppConfig } from "./env.server";
import { isLoopbackHost } from "./loopback";

/** The origin for links in mail about this request; null when none is safe to use. */
export function linkOrigin(config: Pick<AppConfig, "PUBLIC_ORIGIN">, requestUrl: string | URL): string | null {
  if (config.PUBLIC_ORIGIN) return new URL(config.PUBLIC_ORIGIN).origin;
  const url = new URL(requestUrl);
  return isLoopbackHost(url.hostname) ? url.origin : null;
}

export class NoLinkOriginError extends Error {
  constructor() {
    super("No origin for emailed links: set PUBLIC_ORIGIN (the request came to a non-loopback host)");
    this.name = "NoLinkOriginError";
  }
}

/** As linkOrigin, but throws NoLinkOriginError (its message names PUBLIC_ORIGIN) when there is none. */
export function requireLinkOrigin(config: Pick<AppConfig, "PUBLIC_ORIGIN">, requestUrl: string | URL): string {
  const origin = linkOrigin(config, requestUrl);
  if (!origin) throw new NoLinkOriginError();
  return origin;
}
