/**
 * The language of each request in the Worker. The Worker decides it from the address
 * (or, for an address without one, from the `lang` cookie or Accept-Language, by a
 * redirect) and runs the request inside `withLocale`, so every message, email and PDF made
 * while answering it (Paraglide's `getLocale()`) speaks that language.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import { baseLocale, isLocale, localeFromPath, localizePath, pageLocation, setServerLocaleLookup, type Locale } from "./i18n";

const store = new AsyncLocalStorage<Locale>();
setServerLocaleLookup(() => store.getStore() ?? baseLocale);

export function withLocale<T>(locale: Locale, run: () => T): T {
  return store.run(locale, run);
}

export const LANGUAGE_COOKIE = "lang";
const YEAR_SECONDS = 365 * 24 * 60 * 60;

/** The explicit choice, kept for a year; not a personal cookie (pages stay cacheable per language). */
export function languageCookie(locale: Locale, url: URL): string {
  const secure = url.protocol === "https:" ? "; Secure" : "";
  return `${LANGUAGE_COOKIE}=${locale}; Path=/; Max-Age=${YEAR_SECONDS}; HttpOnly; SameSite=Lax${secure}`;
}

export function readLanguageCookie(request: Request): Locale | null {
  const cookie = request.headers.get("cookie");
  if (!cookie) return null;
  for (const part of cookie.split(";")) {
    const [name, value] = part.split("=").map((s) => s.trim());
    if (name === LANGUAGE_COOKIE && value && isLocale(value)) return value;
  }
  return null;
}

/** The best of our languages in an Accept-Language header, by q; null when none is asked for. */
export function preferredLocale(header: string | null): Locale | null {
  if (!header) return null;
  let best: { locale: Locale; q: number } | null = null;
  for (const item of header.slice(0, 512).split(",").slice(0, 32)) {
    const [tag = "", ...params] = item.trim().split(";");
    const language = tag.trim().toLowerCase().split("-")[0] ?? "";
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    const q = qParam ? Number(qParam.slice(2)) : 1;
    if (!isLocale(language) || !Number.isFinite(q) || q <= 0) continue;
    if (!best || q > best.q) best = { locale: language, q };
  }
  return best?.locale ?? null;
}

/** Addresses that are not pages a person reads: they keep the address they were asked at. */
const NOT_A_PAGE =
  /^\/(api|media|videos|dev|healthz|assets|__manifest)(\/|$)|\.(data|pdf|json|csv|xml|txt|ico|svg|png|jpe?g|webp|js|css|woff2?)$/;

/**
 * The language of a request, and where to send a browser whose address carries none but
 * who chose (cookie) or asks for (Accept-Language) another language than English.
 */
export function requestLocale(request: Request): { locale: Locale; redirectTo: string | null } {
  const url = new URL(request.url);
  const fromPath = localeFromPath(url.pathname);
  // Only a page the browser navigates to moves: fetches (route discovery, data, images) keep their address.
  const dest = request.headers.get("sec-fetch-dest");
  const isNavigation = !dest || dest === "document";
  if (
    fromPath !== baseLocale ||
    !(request.method === "GET" || request.method === "HEAD") ||
    !isNavigation ||
    NOT_A_PAGE.test(url.pathname)
  ) {
    return { locale: fromPath, redirectTo: null };
  }
  const wanted = readLanguageCookie(request) ?? preferredLocale(request.headers.get("accept-language"));
  if (!wanted || wanted === baseLocale) return { locale: baseLocale, redirectTo: null };
  return { locale: baseLocale, redirectTo: pageLocation(localizePath(`${url.pathname}${url.search}`, wanted), wanted) };
}
