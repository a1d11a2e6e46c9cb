import type { MetaDescriptor } from "react-router";
import { currentLocale, LANGUAGES } from "~/lib/i18n";
import { m } from "~/paraglide/messages";

export const SITE_NAME = "Sannidhi";
/** The site's own description, in the page's language. */
export const defaultDescription = () => m.common_meta_default_description();

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
  const fullTitle = title ? `${title} | ${SITE_NAME}` : m.common_meta_default_title({ site: SITE_NAME });
  const text = description ?? defaultDescription();
  const tags: MetaDescriptor[] = [
    { title: fullTitle },
    { name: "description", content: text },
    { property: "og:site_name", content: SITE_NAME },
    { property: "og:type", content: "website" },
    { property: "og:title", content: title ?? fullTitle },
    { property: "og:description", content: text },
    { property: "og:locale", content: LANGUAGES[currentLocale()].intl.replace("-", "_") },
    { name: "twitter:card", content: share.image ? "summary_large_image" : "summary" },
  ];
  if (share.image) tags.push({ property: "og:image", content: share.image }, { property: "og:image:alt", content: title ?? SITE_NAME });
  if (share.url) tags.push({ property: "og:url", content: share.url }, { tagName: "link", rel: "canonical", href: share.url });
  return tags;
}

/** The not-found screen's title and description: the catch-all route's, and the root's for any other 404. */
export const notFoundMeta = () => pageMeta(m.common_error_not_found_title(), m.common_meta_not_found_description());
