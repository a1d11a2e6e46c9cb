/** Temple sites: where a temple's own pages live on the portal (no server imports here). */
import { href } from "react-router";
import { templeWebsiteUrl } from "./temples";

/**
 * Where a temple card leads: the temple's site on the portal when it takes online
 * bookings, else its own website, else its page on the portal (every temple has one).
 */
export function templeSiteHref(temple: { slug?: string | null; website: string; onlineBooking: boolean }): string | null {
  const site = temple.slug ? href("/:lang?/t/:slug", { slug: temple.slug }) : null;
  if (temple.onlineBooking && site) return site;
  return templeWebsiteUrl(temple.website) ?? site;
}

/** A host name as temples store it in WebSite: lower case, no scheme, port, path or "www.". */
export function normalizeHost(value: string): string {
  return value
    .trim()
    .toLowerCase()
    .replace(/^https?:\/\//, "")
    .replace(/[/?#].*$/, "")
    .replace(/:\d+$/, "")
    .replace(/^www\./, "");
}

/** The packages site's page for a package, on the packages origin. */
export function packagePageUrl(origin: string, packageId: number): string {
  return `${origin.replace(/\/+$/, "")}/page_details?packageId=${packageId}`;
}
