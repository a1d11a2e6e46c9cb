/** Fails a `source` test that asked the page-less Worker for a page (see no-pages.ts). */
import { afterEach, expect } from "vitest";

export const pageRequests: string[] = [];

afterEach(() => {
  const asked = pageRequests.splice(0);
  expect(asked, "a page was requested from the Worker run from source: rename the test from *.source.test.ts to *.test.ts").toEqual([]);
});
