import { useEffect, useRef } from "react";
import { useLocation } from "react-router";
import { Form } from "~/components/layout/localized";
import { LANGUAGES, locales, stripLocale } from "~/lib/i18n";
import { useLocale } from "~/lib/use-locale";
import { m } from "~/paraglide/messages";

/** A globe (the switch's icon), drawn in one path. */
const GLOBE =
  "M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18Zm0 0c2.5 2.4 3.8 5.4 3.8 9s-1.3 6.6-3.8 9m0-18C9.5 5.4 8.2 8.4 8.2 12s1.3 6.6 3.8 9" +
  "M3.5 9h17M3.5 15h17";

/**
 * The language switch (header and footer): a disclosure with one submit button per
 * language, posting to /language, so it works from the keyboard and without JavaScript.
 * Each language is named in its own script; the page comes back in the chosen language.
 */
export function LanguageSwitch({ placement }: { placement: "header" | "menu" | "footer" }) {
  const locale = useLocale();
  const location = useLocation();
  const menu = useRef<HTMLDetailsElement>(null);
  // Closes after a navigation; not at hydration, when a quick tap may already have opened it.
  const shownKey = useRef(location.key);
  useEffect(() => {
    if (shownKey.current === location.key) return;
    shownKey.current = location.key;
    if (menu.current) menu.current.open = false;
  }, [location.key]);
  const here = stripLocale(`${location.pathname}${location.search}`);
  return (
    <details
      ref={menu}
      className={`language-switch language-switch--${placement}`}
      onKeyDown={(event) => {
        if (event.key !== "Escape" || !menu.current?.open) return;
        menu.current.open = false;
        menu.current.querySelector("summary")?.focus();
      }}
    >
      <summary className="language-switch__toggle">
        <svg aria-hidden="true" width="18" height="18" viewBox="0 0 24 24">
          <path d={GLOBE} fill="none" stroke="currentColor" strokeWidth="1.6" />
        </svg>
        <span className="visually-hidden">{m.common_language_switch_label()}: </span>
        <span lang={locale} className="language-switch__current">
          {LANGUAGES[locale].name}
        </span>
      </summary>
      {/* A whole new document: the browser then loads the chosen language's messages (entry.client). */}
      <Form method="post" action="/language" className="language-switch__panel" reloadDocument>
        <input type="hidden" name="redirectTo" value={here} />
        <ul>
          {locales.map((option) => (
            <li key={option}>
              <button
                type="submit"
                name="lang"
                value={option}
                lang={option}
                aria-current={option === locale ? "true" : undefined}
                className="language-switch__option"
              >
                {LANGUAGES[option].name}
              </button>
            </li>
          ))}
        </ul>
      </Form>
    </details>
  );
}
