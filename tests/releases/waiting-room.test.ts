/**
 * Issue 25, a fair release: the waiting room (the WaitingRoom Durable Object, one per opening
 * of a release) runs in workerd as deployed. Devotees are admitted in the order they arrived, at
 * the metered rate; a draw admits the registered in a uniformly random order, one entry each;
 * a devotee's pass is issued once and runs out. The Worker passes the time, so the tests do too.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { RoomConfig, RoomView } from "~/domain/bookings/seats/waiting-room";
import { randomBelow, shuffle } from "~/domain/bookings/seats/waiting-room";

const MINUTE = 60_000;
const OPENING = Date.parse("2027-01-01T04:30:00Z");

function room(overrides: Partial<RoomConfig> = {}) {
  const config: RoomConfig = {
    releaseId: 1,
    opening: OPENING,
    lobbyOpens: OPENING - 30 * MINUTE,
    rushEnds: OPENING + 60 * MINUTE,
    admitPerMinute: 60,
    admission: "queue",
    passMinutes: 10,
    ...overrides,
  };
  const stub = env.WAITING_ROOM.getByName(`test-${crypto.randomUUID()}`);
  return {
    config,
    enter: (customerId: number, now: number): Promise<RoomView> => stub.enter(config, customerId, now),
    look: (customerId: number, now: number): Promise<RoomView> => stub.look(customerId, now),
    served: (now: number): Promise<number> => stub.served(now),
    seatsGone: (now: number, heldUntil: number | null): Promise<number | null> => stub.seatsGone(now, heldUntil),
  };
}

const placeOf = (view: RoomView) => (view.state === "lobby" || view.state === "waiting" ? view.place : null);

/**
 * Pearson's chi-square statistic of observed counts against equal expected counts. The bounds
 * below are far in the tail (p < 1e-6 for a fair draw), so a fair shuffle cannot flake them,
 * while a biased one (e.g. the first registrant first half the time) exceeds them by far.
 */
function chiSquare(counts: readonly number[]): number {
  const total = counts.reduce((sum, n) => sum + n, 0);
  const expected = total / counts.length;
  return counts.reduce((sum, n) => sum + (n - expected) ** 2 / expected, 0);
}

describe("the waiting room", () => {
  it("gives places in the order devotees arrive and admits them in that order at the set rate", async () => {
    const queue = room({ admitPerMinute: 60 });
    const before = OPENING - 10 * MINUTE;
    const places = [];
    for (const customerId of [501, 502, 503, 504, 505]) places.push(placeOf(await queue.enter(customerId, before + customerId)));
    expect(places).toEqual([1, 2, 3, 4, 5]);
    // Coming back, or a second tab, keeps the place: one entry per devotee.
    expect(await queue.enter(503, before + 9_000)).toMatchObject({ state: "lobby", place: 3, registered: 5 });
    // Before the opening nobody is admitted; the estimate counts from the opening at the rate.
    expect(await queue.look(501, OPENING - 1)).toMatchObject({ state: "lobby", place: 1, estimateSeconds: 1 });
    expect(await queue.look(505, OPENING - 1)).toMatchObject({ state: "lobby", estimateSeconds: 5 });
    // At the opening the first goes in; then one a second (60 a minute), in arrival order.
    expect((await queue.look(501, OPENING)).state).toBe("admitted");
    expect(await queue.look(502, OPENING)).toMatchObject({ state: "waiting", place: 2, ahead: 0, estimateSeconds: 1 });
    expect(await queue.look(505, OPENING)).toMatchObject({ state: "waiting", place: 5, ahead: 3, estimateSeconds: 4 });
    expect((await queue.look(502, OPENING + 1000)).state).toBe("admitted");
    expect((await queue.look(503, OPENING + 1000)).state).toBe("waiting");
    expect((await queue.look(503, OPENING + 2000)).state).toBe("admitted");
    // A late arrival joins the back of the queue.
    expect(await queue.enter(506, OPENING + 2500)).toMatchObject({ state: "waiting", place: 6, ahead: 2 });
    // Looking never joins: a stranger is not in the room.
    expect(await queue.look(999, OPENING)).toEqual({ state: "absent" });
  });

  it("adapts its rate to the checkouts the booking path reports served, keeping every place already admitted", async () => {
    const queue = room({ admitPerMinute: 60 });
    for (let id = 1; id <= 100; id++) await queue.enter(id, OPENING - MINUTE + id);
    // Until the booking path reports, the set rate: place 100 in 99 s.
    expect(await queue.look(100, OPENING)).toMatchObject({ state: "waiting", estimateSeconds: 99 });
    expect(await queue.served(OPENING + 1000)).toBe(60);
    // Ten seconds in: 10 admitted, 2 served (12 a minute): the room slows, halfway toward 15 (with headroom): 38 a minute.
    expect(await queue.served(OPENING + 10_000)).toBe(38);
    expect((await queue.look(11, OPENING + 10_000)).state).toBe("admitted");
    const later = await queue.look(100, OPENING + 10_000);
    expect(later).toMatchObject({ state: "waiting", place: 100 });
    // At the set rate place 100 would be 89 s away; at 38 a minute, 89 places take 141 s.
    expect(later.state === "waiting" && later.estimateSeconds).toBe(141);
    expect((await queue.look(12, OPENING + 11_000)).state).toBe("waiting");
    // The path keeps up (21 served in the next 10 s): back to the set rate, never above it.
    for (let i = 0; i < 20; i++) await queue.served(OPENING + 15_000);
    expect(await queue.served(OPENING + 20_000)).toBe(60);
  });

  it("slows to a quarter of its set rate when nothing admitted is served, and no further", async () => {
    const queue = room({ admitPerMinute: 60 });
    for (let id = 1; id <= 50; id++) await queue.enter(id, OPENING - MINUTE + id);
    expect(await queue.served(OPENING)).toBe(60);
    for (let window = 1; window <= 8; window++) {
      const view = await queue.look(50, OPENING + window * 10_000);
      expect(view.state).toBe("waiting");
    }
    expect(await queue.served(OPENING + 90_000)).toBe(15);
  });

  it("lets nobody more in while every seat is taken, telling those waiting, and goes on from where it stopped", async () => {
    const queue = room({ admitPerMinute: 60 });
    for (let id = 1; id <= 10; id++) await queue.enter(id, OPENING - MINUTE + id);
    const told = OPENING + 3000;
    expect((await queue.look(4, told)).state).toBe("admitted");
    // Every seat is taken, the first held for a payment runs out in five minutes: nobody more goes in till then.
    const until = told + 5 * MINUTE;
    expect(await queue.seatsGone(told, until)).toBe(until);
    expect(await queue.look(5, OPENING + MINUTE)).toEqual({ state: "full", place: 5, ahead: 0, until, estimateSeconds: 243 });
    expect(await queue.look(10, OPENING + MINUTE)).toMatchObject({ state: "full", place: 10, ahead: 5 });
    // Those let in before keep their turn; a late arrival joins the back and is told too.
    expect((await queue.look(4, OPENING + MINUTE)).state).toBe("admitted");
    expect(await queue.enter(11, OPENING + MINUTE)).toMatchObject({ state: "full", place: 11, ahead: 6 });
    // Then the queue moves again from place 5, at the rate it had.
    expect(await queue.look(5, until)).toMatchObject({ state: "waiting", place: 5, ahead: 0, estimateSeconds: 1 });
    expect((await queue.look(5, until + 1000)).state).toBe("admitted");
    expect((await queue.look(6, until + 1000)).state).toBe("waiting");
    // Every seat booked (none held): shut for ten minutes, then it looks again.
    expect(await queue.seatsGone(until + 2000, null)).toBe(until + 2000 + 10 * MINUTE);
    expect(await queue.look(7, until + 3000)).toMatchObject({ state: "full", place: 7, ahead: 0 });
    // Told of a held seat that has already run out: a seat may be free, and the room goes on as it was.
    expect(await queue.seatsGone(until + 4000, until + 3500)).toBeNull();
    expect((await queue.look(7, until + 4000)).state).toBe("full");
  });

  it("hands out distinct places to devotees arriving at the same moment", async () => {
    const queue = room();
    const views = await Promise.all(Array.from({ length: 60 }, (_, i) => queue.enter(1000 + i, OPENING - MINUTE)));
    expect(new Set(views.map(placeOf)).size).toBe(60);
    expect(views.map(placeOf).sort((a, b) => a! - b!)).toEqual(Array.from({ length: 60 }, (_, i) => i + 1));
  });

  it("issues one pass per devotee, fixed at their turn, that runs out and is not renewed", async () => {
    const queue = room({ passMinutes: 10 });
    await queue.enter(701, OPENING - MINUTE);
    const first = await queue.enter(701, OPENING + 5000);
    expect(first).toEqual({ state: "admitted", passExpires: OPENING + 5000 + 10 * MINUTE });
    // Coming back gives the same pass, not a longer one.
    expect(await queue.enter(701, OPENING + 6 * MINUTE)).toEqual(first);
    expect(await queue.look(701, OPENING + 6 * MINUTE)).toEqual(first);
    // Past its expiry it is spent, and entering again does not start another.
    const later = OPENING + 5000 + 10 * MINUTE;
    expect(await queue.enter(701, later)).toEqual({ state: "expired", rushEnds: queue.config.rushEnds });
    // After the rush the room sends everyone on: the dates are open to all.
    expect(await queue.enter(701, queue.config.rushEnds)).toEqual({ state: "over" });
    expect(await queue.enter(702, queue.config.rushEnds + 1)).toEqual({ state: "over" });
  });

  it("takes one registration per devotee for a draw and places nobody before it", async () => {
    const draw = room({ admission: "draw" });
    for (const customerId of [801, 802, 803]) {
      expect(await draw.enter(customerId, OPENING - 5 * MINUTE)).toMatchObject({ state: "lobby", admission: "draw", place: null });
    }
    expect(await draw.enter(802, OPENING - MINUTE)).toMatchObject({ state: "lobby", place: null, registered: 3 });
    const places = await Promise.all([801, 802, 803].map(async (id) => (await draw.look(id, OPENING + 0)).state));
    // The draw happens at the first visit after the opening: one of the three goes in at once.
    expect(places.filter((state) => state === "admitted")).toHaveLength(1);
    // A devotee who arrives after the draw joins behind everyone registered.
    expect(await draw.enter(804, OPENING + 100)).toMatchObject({ state: "waiting", place: 4 });
  });

  it("draws a uniformly random order: each registered devotee equally likely to go first (200 draws)", async () => {
    const rooms = 200;
    const first = [0, 0, 0];
    const lastOfFirst = [0, 0, 0];
    for (let r = 0; r < rooms; r++) {
      const draw = room({ admission: "draw" });
      for (const id of [1, 2, 3]) await draw.enter(id, OPENING - MINUTE + id);
      const views = await Promise.all([1, 2, 3].map((id) => draw.look(id, OPENING)));
      const admitted = views.findIndex((view) => view.state === "admitted");
      expect(admitted).toBeGreaterThanOrEqual(0);
      first[admitted]! += 1;
      // Who comes last among the three (two seconds later the second is in, the third still waits).
      const third = (await Promise.all([1, 2, 3].map((id) => draw.look(id, OPENING + 1000)))).findIndex((v) => v.state === "waiting");
      lastOfFirst[third]! += 1;
    }
    // 2 degrees of freedom: P(χ² > 30) ≈ 3e-7 for a fair draw.
    expect(chiSquare(first), `first places ${first.join(", ")}`).toBeLessThan(30);
    expect(chiSquare(lastOfFirst), `last places ${lastOfFirst.join(", ")}`).toBeLessThan(30);
  });

  it("shuffles every order of the registered equally often (24,000 shuffles of four)", () => {
    const orders = new Map<string, number>();
    for (let i = 0; i < 24_000; i++) {
      const key = shuffle([1, 2, 3, 4]).join("");
      orders.set(key, (orders.get(key) ?? 0) + 1);
    }
    expect(orders.size).toBe(24);
    // 23 degrees of freedom, 1,000 expected in each: P(χ² > 75) ≈ 1e-7 for a fair shuffle.
    expect(chiSquare([...orders.values()])).toBeLessThan(75);
    // randomBelow has no modulo bias: three values from a range that 2^32 does not divide evenly.
    const thirds = [0, 0, 0];
    for (let i = 0; i < 30_000; i++) thirds[randomBelow(3)]! += 1;
    expect(chiSquare(thirds)).toBeLessThan(30);
  });
});
