/**
 * Issue 44, the waiting room under a burst: a devotee arriving at the waiting page while they
 * wait is answered by the room before React Router (no render, no React Router payload), in
 * their language, with their place in a live region; without JavaScript it refreshes itself to
 * the room's own page, with it a few lines of script ask the room's status; their turn (the pass
 * and the redirect) is the room's too. A signed-out visit and a page with a toast to show are still React Router's.
 */
import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it } from "vitest";
import { createDb } from "~/db/client.server";
import { statusTicket } from "~/domain/bookings/seats/release-pass.server";
import { removeRelease } from "~/domain/temples-admin/releases.server";
import { sha256Hex } from "~/lib/crypto.server";
import { setCookie } from "../support/cookie-jar";
import { TestBrowser } from "../support/browser";
import { findPuja, newCustomer } from "../support/bookings";
import { dayAhead, enter, MINUTE, release, removeReleases } from "./support/releases";

afterEach(removeReleases);

const secret = () => (env as unknown as { SESSION_SECRET: string }).SESSION_SECRET;
const REACT_ROUTER_PAYLOAD = "__reactRouterContext";
const db = () => createDb(env.DB);

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

/** The page without its script's nonce (each answer draws a new one). */
const withoutNonce = (html: string) => html.replace(/nonce="[^"]+"/g, 'nonce=""');

describe("a devotee arriving by the temple site's link (a burst reads neither KV nor D1)", () => {
  it("is given by the room alone the same page: the link names the opening, sign-in gave a cookie bound to the session", async () => {
    const puja = await findPuja("direct", false, 39);
    const opening = Date.now() + 10 * MINUTE;
    const releaseId = await release(puja, { firstDay: dayAhead(puja, 340), opensAt: opening, lobbyMinutes: 30 });
    const first = await devotee();
    // Signing in gave the waiting room's word for who this session is: the customer and a signature.
    expect(first.browser.cookies.get("sn_who")).toMatch(new RegExp(`^${first.customerId}\\.[\\w-]{43}$`));
    const site = await (await first.browser.get(`/t/${puja.slug}`)).text();
    const link = `/t/${puja.slug}/wait?release=${releaseId}&opening=${opening}`;
    expect(site).toContain(`href="${link.replace("&", "&amp;")}"`);
    // The first arrival reads the session and the release (the room learns its settings and the temple's name).
    const firstPage = await first.browser.get(link);
    expect(firstPage.headers.get("x-answered-by")).toBe("waiting-room");
    expect(await firstPage.text()).toContain("Your place in the queue: 1");

    // The next devotee's session is ended in KV (as a password changed elsewhere ends it): the room still answers by the
    // link, so it read no session; the place is theirs, and the page is the one the session's way draws.
    const second = await devotee();
    const byWayOfSession = await (await second.browser.get(`/t/${puja.slug}/wait?release=${releaseId}`)).text();
    expect(byWayOfSession).toContain("Your place in the queue: 2");
    const sessionKey = `session:${await sha256Hex(second.browser.cookies.get("sn_session")!)}`;
    expect(await env.SESSIONS.get(sessionKey)).not.toBeNull();
    await env.SESSIONS.delete(sessionKey);
    const byLink = await second.browser.get(link);
    expect(byLink.status).toBe(200);
    expect(byLink.headers.get("x-answered-by")).toBe("waiting-room");
    expect(byLink.headers.get("set-cookie")).toBeNull();
    expect(withoutNonce(await byLink.text())).toBe(withoutNonce(byWayOfSession));
    // Without the link's opening, the session is read: ended, so React Router sends them to sign in.
    const withoutOpening = await second.browser.get(`/t/${puja.slug}/wait?release=${releaseId}`);
    expect(withoutOpening.headers.get("location")).toMatch(/^\/login\?redirectTo=/);
  });

  it("never takes a forged or borrowed cookie's word, and gives the cookie to a devotee signed in without one", async () => {
    const puja = await findPuja("direct", false, 40);
    const opening = Date.now() + 10 * MINUTE;
    const releaseId = await release(puja, { firstDay: dayAhead(puja, 342), opensAt: opening, lobbyMinutes: 30 });
    const link = `/t/${puja.slug}/wait?release=${releaseId}&opening=${opening}`;
    const first = await devotee();
    expect(await (await first.browser.get(link)).text()).toContain("Your place in the queue: 1");
    const other = await devotee();
    // Another devotee's cookie, and this one's signature over another customer: the session is read, and the place is their own.
    for (const forged of [
      first.browser.cookies.get("sn_who")!,
      `${first.customerId}.${other.browser.cookies.get("sn_who")!.split(".")[1]}`,
    ]) {
      other.browser.cookies.set("sn_who", forged);
      const page = await other.browser.get(link);
      expect(await page.text()).toContain("Your place in the queue: 2");
      // Given a cookie of its own again (as to a devotee signed in before the cookie existed).
      expect(setCookie(page, "sn_who")).toMatch(new RegExp(`^sn_who=${other.customerId}\\.`));
    }
    // Under another temple's address the room's link is not answered by the room.
    const wrongTemple = await other.browser.get(`/t/no-such-temple/wait?release=${releaseId}&opening=${opening}`);
    expect(wrongTemple.headers.get("x-answered-by")).toBeNull();
  });

  it("is not let into the room of a release the desk removed", async () => {
    const puja = await findPuja("direct", false, 42);
    const opening = Date.now() + 10 * MINUTE;
    const releaseId = await release(puja, { firstDay: dayAhead(puja, 344), opensAt: opening, lobbyMinutes: 30 });
    const link = `/t/${puja.slug}/wait?release=${releaseId}&opening=${opening}`;
    const { browser, customerId } = await devotee();
    const page = await (await browser.get(link)).text();
    expect(page).toContain("Your place in the queue: 1");
    const status = /<script type="application\/json" id="wait-live">([^<]*)<\/script>/.exec(page)![1]!;
    const room = await removeRelease(db(), { actorId: customerId, templeId: puja.temple_id }, releaseId, env.WAITING_ROOM);
    expect(room).toBe(true);
    const after = await browser.get(link);
    expect(after.headers.get("x-answered-by")).toBeNull();
    expect(after.headers.get("location")).toBe(`/t/${puja.slug}`);
    // Those already waiting are told they are not in a room.
    const live = JSON.parse(status) as { status: string };
    expect(await (await new TestBrowser().get(live.status)).json()).toMatchObject({ state: "absent" });
  });
});
