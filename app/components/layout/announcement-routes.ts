/**
 * Where the announcement may pop up: the portal's start and browsing pages (spec: on the
 * app's start), by route id, so every language's address counts alike (/ml/login is the
 * login route). Never on a task — signing in or up, confirming an email, the cart, checkout,
 * the account —, a temple's own site, the packages site, the desk or the console: there it
 * waits for the visitor's next start page. (Plain TypeScript, no JSX: tests read it in workerd.)
 */
export const ANNOUNCEMENT_ROUTES: ReadonlySet<string> = new Set([
  "routes/home/route",
  "temples",
  "list",
  "routes/services",
  "events",
  "news",
  "routes/priests/route",
]);
