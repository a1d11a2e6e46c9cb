/**
 * Issue 44, the waiting room under a burst: a devotee arriving at the waiting page while they
 * wait is answered by the room before React Router (no render, no React Router payload), in
 * their language, with their place in a live region; without JavaScript it refreshes itself to
 * the room's own page, with it a few lines of script ask the room's status; their turn (the pass
 * and the redirect) is the room's too. A signed-out visit and a page with a toast to show are still React Router's.
 */
import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it } from "vitest";
import { statusTicket } from "~/domain/bookings/seats/release-pass.server";
import { TestBrowser } from "../support/browser";
import { findPuja, newCustomer } from "../support/bookings";
import { dayAhead, enter, MINUTE, release, removeReleases } from "./support/releases";

afterEach(removeReleases);

const secret = () => (env as unknown as { SESSION_SECRET: string }).SESSION_SECRET;
const REACT_ROUTER_PAYLOAD = "__reactRouterContext";

/** A signed-in devotee whose sign-up toast has been shown (a page with a toast to show is drawn in full). */
async function devotee() {
  const made = await newCustomer();
  await made.browser.get("/");
  return made;
}

describe("a devotee arriving at the waiting page", () => {
  it("is answered by the room without React Router, their place in a live region, live with a small script", async () => {
    const puja = await findPuja("direct", false, 36);
    const opening = Date.now() - 1000;
    const releaseId = await release(puja, { firstDay: dayAhead(puja, 330), opensAt: opening, admitPerMinute: 2 });
    // The first devotee's turn is the room's too: the pass and, with its toast, on to the booking form, without React Router.
    const first = await devotee();
    const { response: turn, pass } = await enter(first.browser, puja, releaseId);
    expect(turn.status).toBe(302);
    expect(turn.headers.get("x-answered-by")).toBe("waiting-room");
    expect(turn.headers.get("location")).toBe(`/t/${puja.slug}?puja=${puja.id}#book-puja`);
    expect(pass).toMatch(/^sn_pass=p2\./);
    expect(turn.headers.getSetCookie().some((line) => line.startsWith("sn_toast="))).toBe(true);
    const second = await devotee();

    const page = await second.browser.get(`/t/${puja.slug}/wait?release=${releaseId}`);
    expect(page.status).toBe(200);
    expect(page.headers.get("x-answered-by")).toBe("waiting-room");
    expect(page.headers.get("cache-control")).toBe("private, no-store");
    const html = await page.text();
    expect(html).not.toContain(REACT_ROUTER_PAYLOAD);
    expect(html).toContain('<html lang="en">');
    expect(html).toMatch(/<h1 id="wait-title">Waiting room<\/h1>/);
    expect(html).toMatch(
      /<section class="waiting-room__status" aria-live="polite"[^>]*>[\s\S]*Your place in the queue: 2[\s\S]*<\/section>/,
    );
    expect(html).toContain("Devotees ahead of you: 0");
    // The site's own style sheet and header, as the full page has them.
    expect(html).toMatch(/<link rel="stylesheet" href="\/assets\/[^"]+\.css">/);
    expect(html).toContain('<header class="site-header">');
    // The script runs under the page's policy (its nonce), and asks the room's status signed for this devotee.
    const nonce = /<script nonce="([^"]+)">/.exec(html)?.[1];
    expect(page.headers.get("content-security-policy")).toContain(`'nonce-${nonce}'`);
    const live = JSON.parse(/<script type="application\/json" id="wait-live">([^<]*)<\/script>/.exec(html)![1]!) as {
      status: string;
      after: number;
    };
    // Next in line: the script asks first after the least wait, as the status's retryAfter would say.
    expect(live.after).toBe(3);
    const ticket = await statusTicket(secret(), { releaseId, opening, customerId: second.customerId });
    expect(live.status).toBe(
      `/t/${puja.slug}/wait/status?release=${releaseId}&opening=${opening}&customer=${second.customerId}&ticket=${ticket}`,
    );
    const status = await new TestBrowser().get(live.status);
    expect(await status.json()).toMatchObject({ state: "waiting", place: 2 });

    // Coming back keeps the place; the first devotee, back with the turn's toast still to show, is React Router's (it draws it).
    expect(await (await second.browser.get(`/t/${puja.slug}/wait?release=${releaseId}`)).text()).toContain("Your place in the queue: 2");
    const again = await first.browser.get(`/t/${puja.slug}/wait?release=${releaseId}`);
    expect(again.status).toBe(302);
    expect(again.headers.get("x-answered-by")).toBeNull();
    expect(again.headers.get("location")).toMatch(/#book-puja$/);
  });

  it("speaks the devotee's language, and without JavaScript refreshes itself to the room's own page", async () => {
    const puja = await findPuja("direct", false, 37);
    const opening = Date.now() + 10 * MINUTE;
    const releaseId = await release(puja, { firstDay: dayAhead(puja, 335), opensAt: opening, lobbyMinutes: 30 });
    const { browser, customerId } = await devotee();
    const page = await browser.get(`/ta/t/${puja.slug}/wait?release=${releaseId}`);
    expect(page.headers.get("x-answered-by")).toBe("waiting-room");
    expect(page.headers.get("content-language")).toBe("ta");
    const html = await page.text();
    expect(html).toContain('<html lang="ta">');
    expect(html).toContain('<h1 id="wait-title">காத்திருப்பு அறை</h1>');
    expect(html).toContain("உங்கள் வரிசை எண்: 1");
    expect(html).toContain(`href="/ta/t/${puja.slug}"`);
    const refresh = /<noscript><meta http-equiv="refresh" content="(\d+);url=([^"]+)"><\/noscript>/.exec(html);
    expect(refresh?.[1]).toBe("30");
    // Ten minutes before the opening, the page's script too asks first half a minute on (the room's pace by place), not in 3 s.
    const live = JSON.parse(/<script type="application\/json" id="wait-live">([^<]*)<\/script>/.exec(html)![1]!) as { after: number };
    expect(live.after).toBe(30);
    const roomPage = refresh![2]!.replaceAll("&amp;", "&");
    expect(roomPage).toContain(`customer=${customerId}`);
    expect(roomPage).toMatch(/&view=html&lang=ta$/);
    const again = await new TestBrowser().get(roomPage);
    expect(again.headers.get("x-answered-by")).toBe("waiting-room");
    expect(await again.text()).toContain("உங்கள் வரிசை எண்: 1");
  });

  it("leaves to React Router a signed-out visit, a temple with no room open and a page with a toast to show", async () => {
    const puja = await findPuja("direct", false, 38);
    const releaseId = await release(puja, { firstDay: dayAhead(puja, 338), opensAt: Date.now() + 10 * MINUTE, lobbyMinutes: 30 });
    const signedOut = await new TestBrowser().get(`/t/${puja.slug}/wait?release=${releaseId}`);
    expect(signedOut.headers.get("location")).toMatch(/^\/login\?redirectTo=/);
    const fresh = await newCustomer();
    // Just signed up: the welcome toast is drawn by the full page, which clears it; the next visit is the room's.
    expect(fresh.browser.cookies.has("sn_toast")).toBe(true);
    const withToast = await fresh.browser.get(`/t/${puja.slug}/wait?release=${releaseId}`);
    expect(withToast.headers.get("x-answered-by")).toBeNull();
    expect(await withToast.text()).toContain(REACT_ROUTER_PAYLOAD);
    const next = await fresh.browser.get(`/t/${puja.slug}/wait?release=${releaseId}`);
    expect(next.headers.get("x-answered-by")).toBe("waiting-room");
    await removeReleases();
    const none = await fresh.browser.get(`/t/${puja.slug}/wait?release=${releaseId}`);
    expect(none.headers.get("location")).toBe(`/t/${puja.slug}`);
  });
});
