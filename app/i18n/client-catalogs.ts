/**
 * The browser's messages in the page's language (see split-messages.ts): per language, the
 * `public` catalog (every page) and the `staff` one (desk and console pages), each loaded
 * once, before hydration or before a desk/console page renders. English needs none (it is in
 * each message module).
 */
import { currentLocale } from "~/lib/i18n";
import type { Locale } from "~/paraglide/runtime";

type Catalog = Record<string, ((inputs?: Record<string, unknown>) => string) | undefined>;
type OtherLocale = Exclude<Locale, "en">;
/** As split-messages.ts writes them. */
type CatalogTier = "public" | "staff";

export const catalogs: Partial<Record<Locale, Catalog>> = {};

const loaders: Record<CatalogTier, Record<OtherLocale, () => Promise<Catalog>>> = {
  public: {
    hi: () => import("~/paraglide-catalogs/public/hi.js"),
    ta: () => import("~/paraglide-catalogs/public/ta.js"),
    ml: () => import("~/paraglide-catalogs/public/ml.js"),
    te: () => import("~/paraglide-catalogs/public/te.js"),
    kn: () => import("~/paraglide-catalogs/public/kn.js"),
  },
  staff: {
    hi: () => import("~/paraglide-catalogs/staff/hi.js"),
    ta: () => import("~/paraglide-catalogs/staff/ta.js"),
    ml: () => import("~/paraglide-catalogs/staff/ml.js"),
    te: () => import("~/paraglide-catalogs/staff/te.js"),
    kn: () => import("~/paraglide-catalogs/staff/kn.js"),
  },
};

const loaded = new Set<string>();

/** Loads a tier of `locale`'s messages (once); resolves when they can be used. */
export async function loadCatalog(locale: Locale, tier: CatalogTier = "public"): Promise<void> {
  if (locale === "en" || loaded.has(`${tier}:${locale}`)) return;
  const messages = await loaders[tier][locale]();
  catalogs[locale] = { ...catalogs[locale], ...messages };
  loaded.add(`${tier}:${locale}`);
}

/** Desk and console addresses ("/ml/desk/4", "/operator"): they need the staff messages too. */
export const isStaffPath = (pathname: string) => /^(?:\/[a-z]{2})?\/(?:desk|operator)(?:\/|$)/.test(pathname);

/**
 * A message as the browser's build compiles it (split-messages.ts): `en` is its English, and
 * any other language comes from that language's loaded catalog (English when it has none).
 */
export function message<Inputs>(key: string, en: (inputs: Inputs) => string) {
  return (inputs: Inputs = {} as Inputs, options: { locale?: Locale } = {}) => {
    const locale = options.locale ?? currentLocale();
    const own = locale === "en" ? undefined : catalogs[locale]?.[key];
    return own ? own(inputs as Record<string, unknown>) : en(inputs);
  };
}
