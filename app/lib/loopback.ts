/**
 * Loopback hosts: this machine (localhost, 127.0.0.1, [::1], and *.localhost, which
 * browsers resolve to this machine). A request reaches a Worker on Cloudflare's network
 * only under a host routed to it, never these, so they mean local development.
 */
const LOOPBACK_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]"]);

export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.toLowerCase();
  return LOOPBACK_HOSTS.has(host) || host.endsWith(".localhost");
}
