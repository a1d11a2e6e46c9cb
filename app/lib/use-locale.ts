import { useLocation } from "react-router";
import { localeFromPath, type Locale } from "./i18n";

/** The page's language, from the address being shown (works in Layout and error screens too). */
export function useLocale(): Locale {
  return localeFromPath(useLocation().pathname);
}
