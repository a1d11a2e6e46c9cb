/**
 * The browser's messages in the page's language (see split-messages.ts): one catalog per
 * language, loaded once before hydration. English needs none (it is in each message module).
 */
import type { Locale } from "~/paraglide/runtime";

type Catalog = Record<string, ((inputs?: Record<string, unknown>) => string) | undefined>;

export const catalogs: Partial<Record<Locale, Catalog>> = {};

const loaders: Record<Exclude<Locale, "en">, () => Promise<Catalog>> = {
  hi: () => import("~/paraglide-catalogs/messages/hi.js"),
  ta: () => import("~/paraglide-catalogs/messages/ta.js"),
  ml: () => import("~/paraglide-catalogs/messages/ml.js"),
  te: () => import("~/paraglide-catalogs/messages/te.js"),
  kn: () => import("~/paraglide-catalogs/messages/kn.js"),
};

/** Loads the catalog of `locale` (once); resolves when its messages can be used. */
export async function loadCatalog(locale: Locale): Promise<void> {
  if (locale === "en" || catalogs[locale]) return;
  catalogs[locale] = await loaders[locale]();
}
