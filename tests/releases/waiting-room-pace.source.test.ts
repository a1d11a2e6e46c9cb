/**
 * Issue 44: the waiting room under a burst, its pure rules. The room admits at a pace it adapts
 * to what the booking path serves (checkouts completed, reported to it), and tells each browser
 * when to ask again, later the further back its place.
 */
import { describe, expect, it } from "vitest";
import {
  adaptedRate,
  admittedThrough,
  initialPace,
  type RoomView,
  refreshSeconds,
  repace,
  secondsUntilAdmitted,
} from "~/domain/bookings/seats/waiting-room";

const OPENING = Date.parse("2027-01-01T04:30:00Z");
const config = { opening: OPENING, admitPerMinute: 1200 };
const window = { windowMs: 10_000 };

describe("the rate controller", () => {
  it("slows admission toward what the booking path served, with a quarter's headroom", () => {
    // 200 admitted in 10 s (1,200 a minute) but only 50 checkouts served (300 a minute): halfway to 375.
    expect(adaptedRate({ configured: 1200, current: 1200, admitted: 200, served: 50, ...window })).toBe(788);
    // Held there, it settles at the served rate with headroom (375, give or take the rounding).
    let rate = 1200;
    for (let i = 0; i < 20; i++) rate = adaptedRate({ configured: 1200, current: rate, admitted: rate / 6, served: 50, ...window });
    expect(Math.abs(rate - 375)).toBeLessThanOrEqual(1);
  });

  it("speeds up again while the booking path keeps up, never past the release's set rate", () => {
    expect(adaptedRate({ configured: 1200, current: 400, admitted: 67, served: 67, ...window })).toBe(451);
    let rate = 400;
    for (let i = 0; i < 30; i++) {
      rate = adaptedRate({ configured: 1200, current: rate, admitted: rate / 6, served: rate / 6, ...window });
    }
    expect(rate).toBe(1200);
  });

  it("never stops the room: at least a quarter of the set rate when nothing is served", () => {
    let rate = 1200;
    for (let i = 0; i < 20; i++) rate = adaptedRate({ configured: 1200, current: rate, admitted: 10, served: 0, ...window });
    expect(rate).toBe(300);
    expect(adaptedRate({ configured: 2, current: 2, admitted: 1, served: 0, ...window })).toBe(1);
  });

  it("keeps the rate when the window admitted nobody (nothing to learn from)", () => {
    expect(adaptedRate({ configured: 1200, current: 600, admitted: 0, served: 0, ...window })).toBe(600);
  });
});

describe("the admission pace", () => {
  it("starts as the metered rate from the opening: the first at once, then the set rate", () => {
    expect(admittedThrough(config, OPENING - 1)).toBe(0);
    expect(admittedThrough(config, OPENING)).toBe(1);
    expect(admittedThrough(config, OPENING + 60_000)).toBe(1201);
    expect(admittedThrough(config, OPENING + 60_000, initialPace(config))).toBe(1201);
    expect(secondsUntilAdmitted(config, 1201, OPENING)).toBe(60);
  });

  it("keeps every place already admitted when the rate changes, and meters the rest at the new rate", () => {
    const tenSeconds = OPENING + 10_000;
    const slower = repace(initialPace(config), tenSeconds, 300);
    expect(admittedThrough(config, tenSeconds, slower)).toBe(201);
    // 300 a minute from then: five a second.
    expect(admittedThrough(config, tenSeconds + 10_000, slower)).toBe(251);
    expect(secondsUntilAdmitted(config, 251, tenSeconds, slower)).toBe(10);
    expect(secondsUntilAdmitted(config, 150, tenSeconds, slower)).toBe(0);
  });
});

describe("pacing the polls", () => {
  const waitingAt = (place: number): RoomView => ({
    state: "waiting",
    place,
    ahead: place - 2,
    estimateSeconds: secondsUntilAdmitted({ opening: OPENING, admitPerMinute: 60 }, place, OPENING),
  });

  it("asks a browser back later the further back its place, within 3 s to 30 s", () => {
    const asks = [2, 50, 100, 200, 400, 2000].map((place) => refreshSeconds(waitingAt(place), 3));
    expect(asks).toEqual([3, 5, 10, 20, 30, 30]);
    for (let i = 1; i < asks.length; i++) expect(asks[i]).toBeGreaterThanOrEqual(asks[i - 1]!);
  });
});
