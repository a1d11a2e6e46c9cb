/**
 * CSRF protection for the portal's own state changes (React Router actions): the
 * browser must say the request comes from this site. Browsers send Origin on every
 * cross-origin POST and Sec-Fetch-Site on all modern requests; together with
 * SameSite=Lax session cookies this stops cross-site form posts and fetches.
 */
const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

export function isCrossSiteStateChange(request: Request): boolean {
  if (SAFE_METHODS.has(request.method)) return false;
  const site = request.headers.get("sec-fetch-site");
  if (site && site !== "same-origin" && site !== "none") return true;
  const origin = request.headers.get("origin");
  if (origin && origin !== "null") {
    // The request's URL is serialized (scheme and host lower-case, no default port): it starts with its origin and "/".
    return !request.url.startsWith(`${origin}/`);
  }
  // No Origin and no Sec-Fetch-Site: not a browser form post from another site.
  return origin === "null";
}
