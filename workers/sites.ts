/**
 * Sites on other hosts served by this Worker. The home page of the packages origin's
 * host goes to the packages list, and the home page of a temple's own host (its
 * WebSite field, pointed at this deployment) goes to that temple's site. Every other
 * path works the same on any host.
 */
import type { MiddlewareHandler } from "hono";
import { href } from "react-router";
import { findTempleSlugByHost } from "~/domain/catalog/temple-site.server";
import { createDb } from "~/db/client.server";
import { readEnv } from "~/lib/env.server";

const LOCAL_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]"]);

export const siteHosts: MiddlewareHandler<{ Bindings: Env }> = async (c, next) => {
  // Hono's own path first: every other request (a form post, any page but a home) passes without parsing a URL.
  if (c.req.path !== "/" || (c.req.method !== "GET" && c.req.method !== "HEAD")) return next();
  const url = new URL(c.req.url);
  const { config, bindings } = readEnv(c.env);
  if (config.PACKAGES_ORIGIN && url.hostname === new URL(config.PACKAGES_ORIGIN).hostname) return c.redirect("/packages", 302);
  if (LOCAL_HOSTS.has(url.hostname)) return next();
  const slug = await findTempleSlugByHost(createDb(bindings.DB), url.hostname);
  return slug ? c.redirect(href("/:lang?/t/:slug", { slug }), 302) : next();
};
