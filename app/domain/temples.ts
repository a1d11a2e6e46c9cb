export const TEMPLE_PAGE_SIZE = 24;
export const DEITY_SUFFIX = / temples?$/i;

/** An http address for a temple's own website, from its WebSite field. */
export function templeWebsiteUrl(website: string): string | null {
  const host = website.trim().replace(/^https?:\/\//i, "").replace(/\/+$/, "");
  return host ? `http://${host}` : null;
}
