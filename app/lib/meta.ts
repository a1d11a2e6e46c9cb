import type { MetaDescriptor } from "react-router";

export const SITE_NAME = "Sannidhi";
export const DEFAULT_DESCRIPTION =
  "Find Hindu temples by deity, state, district or puja, book pujas and donations with postal prasad, and follow your bookings on Sannidhi.";

/** Title and meta description for a page; the site default when none is given. */
export function pageMeta(title?: string, description?: string): MetaDescriptor[] {
  return [
    { title: title ? `${title} | ${SITE_NAME}` : `${SITE_NAME}: Hindu temples, pujas and prasad online` },
    { name: "description", content: description ?? DEFAULT_DESCRIPTION },
  ];
}
