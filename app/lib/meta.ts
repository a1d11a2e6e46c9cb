import type { MetaDescriptor } from "react-router";

export const SITE_NAME = "Sannidhi";
export const DEFAULT_DESCRIPTION =
  "Find Hindu temples by deity, state, district or puja, book pujas and donations with postal prasad, and follow your bookings on Sannidhi.";

export interface SharePreview {
  /** Absolute URL of the image a shared link shows (WhatsApp, Facebook, X). */
  image?: string;
  /** Absolute canonical URL of the page. */
  url?: string;
}

/**
 * Title and meta description for a page (the site default when none is given), with
 * the Open Graph tags that give a shared link its preview: title, description and,
 * where the page has one, an image.
 */
export function pageMeta(title?: string, description?: string, share: SharePreview = {}): MetaDescriptor[] {
  const fullTitle = title ? `${title} | ${SITE_NAME}` : `${SITE_NAME}: Hindu temples, pujas and prasad online`;
  const text = description ?? DEFAULT_DESCRIPTION;
  const tags: MetaDescriptor[] = [
    { title: fullTitle },
    { name: "description", content: text },
    { property: "og:site_name", content: SITE_NAME },
    { property: "og:type", content: "website" },
    { property: "og:title", content: title ?? fullTitle },
    { property: "og:description", content: text },
    { property: "og:locale", content: "en_IN" },
    { name: "twitter:card", content: share.image ? "summary_large_image" : "summary" },
  ];
  if (share.image) tags.push({ property: "og:image", content: share.image }, { property: "og:image:alt", content: title ?? SITE_NAME });
  if (share.url) tags.push({ property: "og:url", content: share.url }, { tagName: "link", rel: "canonical", href: share.url });
  return tags;
}

/** The not-found screen's title and description: the catch-all route's, and the root's for any other 404. */
export const notFoundMeta = () => pageMeta("Page not found", "This page does not exist on Sannidhi.");
