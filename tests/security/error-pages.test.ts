/**
 * One error boundary (`GeneralErrorBoundary` with status handlers) renders every error screen,
 * and one `notFound()` answers every "not found": the desk's and console's refusals, a
 * screen's own 404 inside its frame, public 404s and a plain 4xx reason keep their words,
 * links, status and caching; a file or JSON route's 404 is bare, like the guards' own.
 */
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { pageText, TestBrowser } from "../support/browser";
import { demoBrowser } from "../support/bookings";
import { OPERATOR, signedIn, STAFF_A, STAFF_B, templeOf } from "../support/staff";

/** The error screen of a page: its heading, words and links (href and text). */
async function errorScreen(response: Response) {
  const html = await response.text();
  const section = html.match(/<section class="page page--narrow error-page"[\s\S]*?<\/section>/)?.[0];
  expect(section, "an error screen").toBeDefined();
  const text = await pageText(new Response(section));
  const links = [...section!.matchAll(/<a [^>]*href="([^"]*)"[^>]*>([^<]*)<\/a>/g)].map(([, href, label]) => [href, label!.trim()]);
  return { heading: section!.match(/<h1 id="error-title">([^<]*)<\/h1>/)?.[1], text, links, html };
}

const NOT_FOUND = {
  heading: "Page not found",
  words: "We could not find the page you were looking for. It may have moved, or the address may be mistyped.",
  links: [
    ["/", "Go to the home page"],
    ["/temples", "Browse temples"],
  ],
};
const STAFF_ONLY = {
  heading: "Not available for your account",
  words: "This page is for temple staff and portal operators. If you work for a temple, ask the portal operator to add you.",
  links: [["/account", "Go to my account"]],
};

async function expectScreen(response: Response, status: number, expected: typeof NOT_FOUND, cacheControl: string) {
  expect(response.status).toBe(status);
  expect(response.headers.get("cache-control")).toBe(cacheControl);
  expect(response.headers.get("content-type")).toBe("text/html; charset=utf-8");
  const screen = await errorScreen(response);
  expect(screen.heading).toBe(expected.heading);
  expect(screen.text).toContain(expected.words);
  expect(screen.links).toEqual(expected.links);
  return screen;
}

let templeA: number;
let templeB: number;

beforeAll(async () => {
  templeA = await templeOf(STAFF_A.email);
  templeB = await templeOf(STAFF_B.email);
});

describe("the desk's and console's error screens", () => {
  it("tell a devotee the desk and console are for staff (403), never stored", async () => {
    const devotee = await demoBrowser();
    for (const path of ["/desk", `/desk/${templeA}`, `/desk/${templeA}/bookings`, "/operator", "/operator/temples"]) {
      await expectScreen(await devotee.get(path), 403, STAFF_ONLY, "private, no-store");
    }
  });

  it("hide another temple from staff with the shared not-found screen (404), never stored", async () => {
    const staff = await signedIn(STAFF_A);
    for (const path of [`/desk/${templeB}`, `/desk/${templeB}/messages`, "/desk/999999/temple"]) {
      await expectScreen(await staff.get(path), 404, NOT_FOUND, "private, no-store");
    }
    await expectScreen(await staff.get("/operator/catalog"), 403, STAFF_ONLY, "private, no-store");
  });

  it("show a console screen's own 404 inside the console's frame", async () => {
    const operator = await signedIn(OPERATOR);
    const screen = await expectScreen(await operator.get("/operator/enquiries/passwords"), 404, NOT_FOUND, "private, no-store");
    expect(screen.html).toContain('<h1 class="desk__title">Operator console</h1>');
  });
});

describe("public error screens", () => {
  it("answer unknown paths, temples, packages and policies with the shared not-found screen", async () => {
    const visitor = new TestBrowser();
    for (const path of ["/no-such-page", "/t/no-such-temple", "/page_details?packageId=999999", "/policies/none"]) {
      await expectScreen(await visitor.get(path), 404, NOT_FOUND, "private, no-cache");
    }
  });

  it("say why a request was refused when the server gave a short reason (400)", async () => {
    const devotee = await demoBrowser();
    const response = await devotee.post("/cart", { intent: "unknown" });
    expect(response.status).toBe(400);
    const screen = await errorScreen(response);
    expect(screen.heading).toBe("We could not take that request");
    expect(screen.text).toContain("Unknown form.");
    expect(screen.links).toEqual(NOT_FOUND.links);
  });
});

describe("file and form-only routes", () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it("answer a bare 404 (no body, no type, nothing logged), like the desk guard's for another temple", async () => {
    const errors = vi.spyOn(console, "error");
    const devotee = await demoBrowser();
    const staff = await signedIn(STAFF_A);
    const operator = await signedIn(OPERATOR);
    for (const [browser, path] of [
      [devotee, "/account/transactions/NO-SUCH-BOOKING/receipt.pdf"],
      [new TestBrowser(), "/account/transactions/NO-SUCH-BOOKING/receipt.pdf"],
      [devotee, "/videos/NO-SUCH-BOOKING/1"],
      [devotee, "/account/transactions"],
      [devotee, "/favourites"],
      [staff, `/desk/${templeA}/day-sheet/not-a-day`],
      [staff, `/desk/${templeB}/day-sheet/2030-01-01`],
      [staff, `/desk/${templeA}/lines/1/video`],
      [operator, "/operator/export/passwords"],
      [new TestBrowser(), `/media/temple-images/${templeA}/not-an-image.jpg`],
      [new TestBrowser("https://sannidhi.example"), "/dev/outbox.json"],
    ] as const) {
      const response = await browser.get(path);
      expect(response.status, path).toBe(404);
      expect(await response.text(), path).toBe("");
      expect(response.headers.get("content-type"), path).toBeNull();
    }
    expect(errors).not.toHaveBeenCalled();
  });
});
