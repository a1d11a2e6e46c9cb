import { Outlet } from "react-router";
import { redirect } from "~/web/redirect.server";
import type { Route } from "./+types/locale";
import { baseLocale, isLocale, localizePath } from "~/lib/i18n";
import { notFound } from "~/lib/not-found.server";

/**
 * The language prefix of every page. `/ml/…` is Malayalam; a first segment that is not one
 * of our languages is no page at all (404), and `/en/…` is the English page's own address.
 */
export const middleware: Route.MiddlewareFunction[] = [
  ({ params, request }) => {
    const lang = params.lang;
    if (lang === undefined) return;
    if (lang === baseLocale) {
      const url = new URL(request.url);
      throw redirect(localizePath(`${url.pathname}${url.search}`, baseLocale), 301);
    }
    if (!isLocale(lang)) throw notFound();
  },
];

export default function LocaleLayout() {
  return <Outlet />;
}
