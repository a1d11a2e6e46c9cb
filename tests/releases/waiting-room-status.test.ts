/**
 * Issue 44, the waiting room under a burst: after the page drawn on arrival, nothing a devotee
 * does while waiting renders a React page. Its status is answered by the room before React Router
 * (JSON for the page's script, a few lines of HTML without JavaScript, in the devotee's language),
 * and tells each browser when to ask again: later the further back its place.
 */
import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it } from "vitest";
import { statusTicket } from "~/domain/bookings/seats/release-pass.server";
import { roomName } from "~/domain/bookings/seats/releases";
import type { RoomConfig } from "~/domain/bookings/seats/waiting-room";
import { TestBrowser } from "../support/browser";
import { findPuja, newCustomer } from "../support/bookings";
import { dayAhead, enter, release, removeReleases } from "./support/releases";

afterEach(removeReleases);

const secret = () => (env as unknown as { SESSION_SECRET: string }).SESSION_SECRET;
const REACT_ROUTER_PAYLOAD = "__reactRouterContext";

/** A room opened a moment ago admitting two a minute: the first devotee is in, the next wait. */
async function slowRoom(day: number) {
  const puja = await findPuja("direct", false, 14);
  const opening = Date.now() - 1000;
  const releaseId = await release(puja, { firstDay: dayAhead(puja, day), opensAt: opening, admitPerMinute: 2 });
  const statusPath = async (customerId: number, extra = "") =>
    `/t/${puja.slug}/wait/status?release=${releaseId}&opening=${opening}&customer=${customerId}&ticket=${await statusTicket(secret(), {
      releaseId,
      opening,
      customerId,
    })}${extra}`;
  return { puja, opening, releaseId, statusPath };
}

describe("the waiting room's status", () => {
  it("is answered by the room without React Router, and asks browsers further back to come back later", async () => {
    const { puja, opening, releaseId, statusPath } = await slowRoom(315);
    const first = await newCustomer();
    expect((await enter(first.browser, puja, releaseId)).response.status).toBe(302);
    const second = await newCustomer();
    expect((await second.browser.get(`/t/${puja.slug}/wait?release=${releaseId}`)).status).toBe(200);
    // More devotees behind them (the room as the page enters it: the first visit set its rules).
    const stub = env.WAITING_ROOM.getByName(roomName(releaseId, opening));
    const anyRules = {} as RoomConfig;
    for (let id = 900_001; id <= 900_028; id++) await stub.enter(anyRules, id, Date.now());

    const answer = await new TestBrowser().get(await statusPath(second.customerId));
    expect(answer.status).toBe(200);
    expect(answer.headers.get("x-answered-by")).toBe("waiting-room");
    expect(answer.headers.get("content-type")).toMatch(/^application\/json/);
    const body = await answer.text();
    expect(body).not.toContain(REACT_ROUTER_PAYLOAD);
    const view = JSON.parse(body) as { state: string; place: number; retryAfter: number };
    expect(view).toMatchObject({ state: "waiting", place: 2 });
    expect(answer.headers.get("retry-after")).toBe(String(view.retryAfter));

    const retryAfterAt = async (customerId: number) =>
      (await (await new TestBrowser().get(await statusPath(customerId))).json()) as { place: number; retryAfter: number };
    const behind = [await retryAfterAt(900_003), await retryAfterAt(900_006), await retryAfterAt(900_028)];
    expect(behind.map((v) => v.place)).toEqual([5, 8, 30]);
    const asks = [view.retryAfter, ...behind.map((v) => v.retryAfter)];
    // Two a minute: place 2 is about half a minute away, place 30 a quarter of an hour (asked every 30 s at most).
    expect(asks[0]).toBeLessThanOrEqual(3);
    expect(asks[3]).toBe(30);
    for (let i = 1; i < asks.length; i++) expect(asks[i]).toBeGreaterThan(asks[i - 1]!);
  });

  it("without JavaScript: the page refreshes to the room's own small page, in the devotee's language, which sends them on at their turn", async () => {
    const { puja, releaseId, statusPath } = await slowRoom(320);
    const first = await newCustomer();
    expect((await enter(first.browser, puja, releaseId)).response.status).toBe(302);
    const second = await newCustomer();
    const page = await (await second.browser.get(`/ml/t/${puja.slug}/wait?release=${releaseId}`)).text();
    const refresh = /<noscript><meta http-equiv="refresh" content="(\d+);url=([^"]+)"><\/noscript>/.exec(page);
    expect(refresh).not.toBeNull();
    const roomPage = refresh![2]!.replaceAll("&amp;", "&");
    expect(roomPage).toBe(await statusPath(second.customerId, "&view=html&lang=ml"));

    // Asked again (no cookies needed): a few lines from the room, not a React page.
    const again = await new TestBrowser().get(roomPage);
    expect(again.status).toBe(200);
    expect(again.headers.get("x-answered-by")).toBe("waiting-room");
    expect(again.headers.get("content-type")).toMatch(/^text\/html/);
    expect(Number(again.headers.get("refresh"))).toBeGreaterThanOrEqual(5);
    const html = await again.text();
    expect(html).toContain('<html lang="ml">');
    expect(html).toContain("നിങ്ങളുടെ ക്യൂ നമ്പർ: 2");
    expect(html).toContain(`<meta http-equiv="refresh" content="${again.headers.get("refresh")}">`);
    expect(html).not.toContain("<script");
    expect(html).not.toContain(REACT_ROUTER_PAYLOAD);

    // At the devotee's turn the room's page sends them to the full page, whose loader gives the pass.
    const turn = await new TestBrowser().get(await statusPath(first.customerId, "&view=html&lang=ml"));
    expect(turn.status).toBe(303);
    expect(turn.headers.get("location")).toBe(`/ml/t/${puja.slug}/wait?release=${releaseId}`);
    const full = await first.browser.get(turn.headers.get("location")!);
    expect(full.status).toBe(302);
    expect(full.headers.get("location")).toMatch(new RegExp(`^/ml/t/${puja.slug}\\?puja=${puja.id}#book-puja$`));
  });

  it("refuses a forged ticket on the room's page too", async () => {
    const { puja, releaseId, statusPath } = await slowRoom(325);
    const devotee = await newCustomer();
    await enter(devotee.browser, puja, releaseId);
    const forged = (await statusPath(devotee.customerId, "&view=html")).replace(/ticket=[\w-]{4}/, "ticket=AAAA");
    expect((await new TestBrowser().get(forged)).status).toBe(403);
  });
});
