/**
 * Where package pages live (spec §1: a separate subdomain). The configured
 * PACKAGES_ORIGIN in production; on this machine the packages host follows the port the
 * portal answers on, so `npm start -- --port N` links to packages.localhost:N; with
 * nothing configured, the portal's own host (its /page_details answers there too).
 */
import type { AppConfig } from "./env.server";
import { isLoopbackHost } from "./loopback";

export function packagesOrigin(config: Pick<AppConfig, "PACKAGES_ORIGIN">, requestUrl: string): string {
  const request = new URL(requestUrl);
  if (!config.PACKAGES_ORIGIN) return request.origin;
  const configured = new URL(config.PACKAGES_ORIGIN);
  if (isLoopbackHost(configured.hostname) && isLoopbackHost(request.hostname)) {
    configured.port = request.port;
    configured.protocol = request.protocol;
  }
  return configured.origin;
}
