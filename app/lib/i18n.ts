/**
 * The portal's languages, shared by the browser and the Worker.
 *
 * Messages are Paraglide's compiled functions (`import { m } from "~/paraglide/messages"`;
 * sources in app/i18n/messages/{locale}/*.json). Which language a message speaks is
 * `getLocale()`: in the Worker an AsyncLocalStorage per request (locale.server.ts), in the
 * browser the language the address carries. English pages keep the spec's routes
 * (`/temples`); the others are the same pages under a prefix (`/ml/temples`), so every page
 * can be shared, bookmarked and indexed in its language.
 */
import { baseLocale, isLocale, locales, overwriteGetLocale, type Locale } from "~/paraglide/runtime";
import { safeRedirect, singleLeadingSlash } from "./safe-redirect";

export { baseLocale, isLocale, locales, type Locale };

/** Each language by its own name (what a reader looks for in a switch) and its Intl locale. */
export const LANGUAGES: Record<Locale, { name: string; english: string; intl: string }> = {
  en: { name: "English", english: "English", intl: "en-IN" },
  hi: { name: "हिन्दी", english: "Hindi", intl: "hi-IN" },
  ta: { name: "தமிழ்", english: "Tamil", intl: "ta-IN" },
  ml: { name: "മലയാളം", english: "Malayalam", intl: "ml-IN" },
  te: { name: "తెలుగు", english: "Telugu", intl: "te-IN" },
  kn: { name: "ಕನ್ನಡ", english: "Kannada", intl: "kn-IN" },
};

/** The legacy API's LanguageID for each language (1 is English, the spec's only id). */
export const LANGUAGE_IDS: Record<Locale, number> = { en: 1, hi: 2, ta: 3, ml: 4, te: 5, kn: 6 };

/** A legacy LanguageID to a language: unknown, missing or malformed ids answer English. */
export function localeForLanguageId(id: unknown): Locale {
  const n = typeof id === "number" ? id : typeof id === "string" && /^\d{1,3}$/.test(id.trim()) ? Number(id) : NaN;
  return (Object.keys(LANGUAGE_IDS) as Locale[]).find((locale) => LANGUAGE_IDS[locale] === n) ?? baseLocale;
}

/** The language an address carries in its first segment; English when none. */
export function localeFromPath(pathname: string): Locale {
  const first = pathname.split("/", 2)[1] ?? "";
  return first !== baseLocale && isLocale(first) ? first : baseLocale;
}

/**
 * The address without its language: "/ml/temples?x" → "/temples?x", "/ml" → "/". What is
 * left always starts with one slash: "/hi//evil.example" is "/evil.example", never a host.
 */
export function stripLocale(path: string): string {
  const match = /^\/([a-z]{2})(?=[/\\?#]|$)/.exec(path);
  if (!match || !isLocale(match[1]!)) return singleLeadingSlash(path);
  const rest = path.slice(match[0].length);
  return singleLeadingSlash(rest.startsWith("/") || rest.startsWith("\\") ? rest : `/${rest}`);
}

/**
 * A portal path in a language: "/temples" → "/ml/temples", "/" → "/ml"; English keeps the
 * spec's own paths. Paths that are already in a language are moved to this one.
 */
export function localizePath(path: string, locale: Locale = currentLocale()): string {
  const bare = singleLeadingSlash(stripLocale(path));
  if (locale === baseLocale || !bare.startsWith("/")) return bare;
  return bare === "/" ? `/${locale}` : /^\/[?#]/.test(bare) ? `/${locale}${bare.slice(1)}` : `/${locale}${bare}`;
}

/** `localizePath` in the language of the current request or page: for links, forms and redirects. */
export const localePath = (path: string) => localizePath(path);

/**
 * The payment gateway's callback address in the page's language ("/payments/callback?lang=ml"):
 * the Worker's callback brings the devotee back in the language they paid in.
 */
export function paymentCallbackPath(locale: Locale = currentLocale()): string {
  return locale === baseLocale ? "/payments/callback" : `/payments/callback?lang=${locale}`;
}

/** Addresses that are the same in every language (files, developer tools, the switch itself). */
const SHARED_ADDRESS = /^\/(?:language|dev|videos|media|assets|payments)(?:[/?#]|$)/;

/**
 * A link, form action or redirect target in the current page's language: a portal path the
 * code wrote in English ("/temples") gains the page's prefix; an address that already carries
 * a language, an address shared by all languages, a relative or outside URL stays as it is.
 */
export function pagePath(path: string, locale: Locale = currentLocale()): string {
  if (locale === baseLocale || !path.startsWith("/") || path.startsWith("//") || SHARED_ADDRESS.test(path)) return path;
  if (stripLocale(path) !== path) return path;
  return localizePath(path, locale);
}

/**
 * The one way a path becomes a redirect's Location: in the page's language (`pagePath`), and
 * always a path of this site. A path a browser would read as another host ("//x", "/\\x",
 * "/.//x", control characters) becomes the language's home page instead.
 */
export function pageLocation(path: string, locale: Locale = currentLocale()): string {
  return safeRedirect(pagePath(singleLeadingSlash(path), locale), localizePath("/", locale));
}

/** The language of the current request (Worker) or page (browser). */
export function currentLocale(): Locale {
  if (typeof window !== "undefined") return localeFromPath(window.location.pathname);
  return serverLocale();
}

let serverLocale: () => Locale = () => baseLocale;
/**
 * The Worker installs its per-request lookup here (locale.server.ts), and Paraglide's messages
 * there ask its runtime for the language: ours. (In the browser messages ask `currentLocale`
 * themselves, app/i18n/client-catalogs.ts, so the runtime's own lookup is not shipped.)
 */
export function setServerLocaleLookup(lookup: () => Locale): void {
  serverLocale = lookup;
  overwriteGetLocale(currentLocale);
}

/** The Intl locale for numbers and dates in a language ("ml" → "ml-IN"). */
export function intlLocale(locale: Locale = currentLocale()): string {
  return LANGUAGES[locale].intl;
}

/** `<link rel="alternate" hreflang>` targets: the page in every language, plus x-default. */
export function alternateLinks(origin: string, path: string): { hrefLang: string; href: string }[] {
  return [
    ...locales.map((locale) => ({ hrefLang: LANGUAGES[locale].intl.split("-")[0]!, href: `${origin}${localizePath(path, locale)}` })),
    { hrefLang: "x-default", href: `${origin}${localizePath(path, baseLocale)}` },
  ];
}

/**
 * The form of a counted message for a number: `plural(n, m.x_one, m.x_other)({ count: formatCount(n) })`.
 * Messages have no plural syntax (app/i18n/TRANSLATING.md): each language writes both forms
 * ("1 बचा" and "5 बचे", "1 మిగిలింది" and "5 మిగిలాయి"), and `_one` is the form for exactly 1.
 */
export function plural<One, Other>(count: number, one: One, other: Other): One | Other {
  return count === 1 ? one : other;
}
