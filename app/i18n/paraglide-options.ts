/**
 * How Paraglide compiles app/i18n/messages (generated output, not committed). The Vite build
 * and dev server (vite.config.ts) and `npm run i18n` (typecheck, tests) use these options.
 *
 * - `paraglideOptions` → app/paraglide: one module per message (`m.x()`), every language in
 *   it. The Worker uses these as they are. The language of a call is the app's own
 *   (`app/lib/i18n.ts` overrides `getLocale`), so the runtime needs no URL, cookie or storage
 *   strategy.
 * - `catalogOptions` → app/paraglide-catalogs: the same messages as one module per language.
 *   The browser build keeps only English in each message module and reads the other
 *   languages from the page's one catalog (app/i18n/split-messages.ts), so a page does not
 *   carry six languages of every message it shows.
 */
const shared = {
  project: "./app/i18n/project.inlang",
  strategy: ["baseLocale"] as ["baseLocale"],
  emitReadme: false,
  emitPrettierIgnore: false,
};

export const paraglideOptions = {
  ...shared,
  outdir: "./app/paraglide",
  emitTsDeclarations: true,
  // Helpers compile concurrently while developing; stale files are harmless, missing ones are not.
  cleanOutdir: false,
};

export const catalogOptions = {
  ...shared,
  outdir: "./app/paraglide-catalogs",
  outputStructure: "locale-modules" as const,
  emitTsDeclarations: false,
};
