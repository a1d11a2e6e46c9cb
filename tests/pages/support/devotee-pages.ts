/** Shared steps of the tests of pages composed for signed-in devotees (app/compose/page.server.ts). */
import { expect } from "vitest";
import type { TestBrowser } from "../../support/browser";
import { fresh, get } from "../../support/public";

/** Asks anonymously until the cache answers: the copy is stored after the first answer. */
export async function warm(url: string) {
  for (let attempt = 0; attempt < 20; attempt++) {
    const response = await get(url);
    await response.arrayBuffer();
    if (response.headers.get("cf-cache-status") === "HIT") return response;
  }
  throw new Error(`${url} never came from the cache`);
}

/** One element of a page (the first `<tag …>…</tag>`), without the render's nonce. */
export function part(html: string, tag: "header" | "main") {
  const start = html.indexOf(`<${tag} `);
  const end = html.indexOf(`</${tag}>`, start);
  expect(start, tag).toBeGreaterThanOrEqual(0);
  return html.slice(start, end + tag.length + 3).replace(/ nonce="[^"]*"/g, "");
}

/** The data block the browser hydrates a composed header with. */
export const DATA_BLOCK = /<script type="application\/json" id="sn-personal-header">([^<]*)<\/script>/;
/** The data block the browser hydrates a composed page's devotee part with. */
export const VIEW_BLOCK = /<script type="application\/json" id="sn-devotee-view">([^<]*)<\/script>/;

/** The data block the browser hydrates a composed page's toast with. */
export const TOAST_BLOCK = /<script type="application\/json" id="sn-page-toast">([^<]*)<\/script>/;

/** The page's toasts: the list React renders at the end of the page, as it is with its toasts on. */
export function toasts(html: string): string {
  const list =
    /<div class="toasts" aria-live="polite">(?:<div class="toast [^"]*" role="\w+"><p>[^<]*<\/p><button [^>]*>[^<]*<\/button><\/div>)*<\/div>/.exec(
      html,
    );
  expect(list, "the toasts' list").toBeTruthy();
  return list![0];
}

/** A page at a fresh address: rendered in full for the devotee, then (once a visitor's copy is stored) composed. */
export async function fullThenComposed(browser: TestBrowser, path: string) {
  const url = fresh(path).replace("http://localhost", "");
  // Another cookie of ours beside the session keeps a page out of the cache: the devotee's page rendered in full.
  const full = await browser.get(url, { cookie: `${browser.cookieHeader()}; sn_full=1` });
  expect(full.status, url).toBe(200);
  const fullHtml = await full.text();
  expect(fullHtml, url).not.toMatch(DATA_BLOCK);
  const anonymous = await warm(`http://localhost${url}`);
  expect(anonymous.headers.has("x-sannidhi-same-for-devotees"), "the cache's note never leaves").toBe(false);
  const composed = await browser.get(url);
  expect(composed.status, url).toBe(200);
  return { url, full, fullHtml, composed, composedHtml: await composed.text() };
}
