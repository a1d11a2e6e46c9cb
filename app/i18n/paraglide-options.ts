/**
 * How Paraglide compiles app/i18n/messages into app/paraglide (generated, not committed):
 * the Vite build and dev server (vite.config.ts) and `npm run i18n` (typecheck, tests) use
 * these same options. The language of a call is the app's own (`app/lib/i18n.ts` overrides
 * `getLocale`), so the compiled runtime needs no URL, cookie or storage strategy.
 */
export const paraglideOptions = {
  project: "./app/i18n/project.inlang",
  outdir: "./app/paraglide",
  strategy: ["baseLocale"] as ["baseLocale"],
  emitTsDeclarations: true,
  emitReadme: false,
  emitPrettierIgnore: false,
  // Helpers compile concurrently while developing; stale files are harmless, missing ones are not.
  cleanOutdir: false,
};
