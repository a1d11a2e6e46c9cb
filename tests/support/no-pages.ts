/**
 * Stands in for React Router's server build when the Worker runs from source (the `source`
 * Vitest project): that Worker answers the legacy API, payments, sites and /healthz from
 * source, and has no pages. Asking for one is a mistake in the test (it belongs in a
 * `*.test.ts` of the `worker` project, which runs the built Worker): React Router's first look at the build is
 * noted, and tests/support/no-pages-check.ts fails the test that made the request.
 */
import { pageRequests } from "./no-pages-check";

const refuse = (what: string): never => {
  pageRequests.push(what);
  throw new Error("This Worker runs from source and has no pages: rename the test from *.source.test.ts to *.test.ts.");
};

/** Any look inside (a property, the keys) is a page request. */
const noPages = new Proxy(
  {},
  {
    get: (_target, property) => refuse(`build.${String(property)}`),
    has: (_target, property) => refuse(`build has ${String(property)}`),
    ownKeys: () => refuse("build keys"),
    getOwnPropertyDescriptor: (_target, property) => refuse(`build.${String(property)}`),
  },
);

export { noPages as assets, noPages as entry, noPages as future, noPages as routes };
