/** Issue 25: when a date opens under a temple's releases, and when its waiting room is open (pure rules). */
import { describe, expect, it } from "vitest";
import { dayStanding, nextOpening, openingOf, type ReleaseRule, releaseOfDay, roomOpening } from "~/domain/bookings/seats/releases";
import { admittedThrough, refreshSeconds, secondsUntilAdmitted } from "~/domain/bookings/seats/waiting-room";
import { indiaInstant } from "~/lib/india-time";

const MINUTE = 60_000;
const base: ReleaseRule = {
  id: 1,
  templeId: 10,
  templePujaId: null,
  kind: "fixed",
  daysAhead: null,
  openTime: null,
  firstDay: "2027-01-01",
  lastDay: "2027-01-31",
  opensAt: new Date(indiaInstant("2026-12-01", "10:00")).toISOString(),
  admission: "queue",
  admitPerMinute: 600,
  lobbyMinutes: 30,
  rushMinutes: 120,
  passMinutes: 20,
};
const rolling: ReleaseRule = {
  ...base,
  id: 2,
  kind: "rolling",
  daysAhead: 90,
  openTime: "10:00",
  firstDay: null,
  lastDay: null,
  opensAt: null,
};

describe("a release", () => {
  it("opens a fixed release's dates at once, and no others", () => {
    expect(openingOf(base, "2027-01-15")).toBe(Date.parse("2026-12-01T04:30:00Z"));
    expect(openingOf(base, "2027-02-01")).toBeNull();
  });

  it("opens each date of a rolling window its days ahead, at its time in India", () => {
    expect(openingOf(rolling, "2027-03-01")).toBe(indiaInstant("2026-12-01", "10:00"));
  });

  it("lets a puja's own release decide before the temple's, and the later opening among equals", () => {
    const own = { ...base, id: 3, templePujaId: 7, opensAt: new Date(indiaInstant("2026-12-05", "10:00")).toISOString() };
    expect(releaseOfDay([base, own], 7, "2027-01-15")?.rule.id).toBe(3);
    expect(releaseOfDay([base, own], 8, "2027-01-15")?.rule.id).toBe(1);
    const later = { ...base, id: 4, opensAt: new Date(indiaInstant("2026-12-02", "10:00")).toISOString() };
    expect(releaseOfDay([base, later], 8, "2027-01-15")?.rule.id).toBe(4);
  });

  it("keeps a date closed before its opening, in its rush for the rush minutes after, then open to all", () => {
    const opening = indiaInstant("2026-12-01", "10:00");
    expect(dayStanding([base], 7, "2027-01-15", opening - 1).state).toBe("closed");
    expect(dayStanding([base], 7, "2027-01-15", opening).state).toBe("rush");
    expect(dayStanding([base], 7, "2027-01-15", opening + 120 * MINUTE).state).toBe("open");
    expect(dayStanding([], 7, "2027-01-15", opening).state).toBe("open");
  });

  it("opens its waiting room from the lobby minutes before an opening to the end of its rush, daily for a rolling window", () => {
    const opening = indiaInstant("2026-12-01", "10:00");
    expect(roomOpening(base, opening - 31 * MINUTE)).toBeNull();
    expect(roomOpening(base, opening - 30 * MINUTE)).toBe(opening);
    expect(roomOpening(base, opening + 119 * MINUTE)).toBe(opening);
    expect(roomOpening(base, opening + 120 * MINUTE)).toBeNull();
    const lateNight = { ...rolling, openTime: "23:50" };
    // Ten past midnight: the rush of yesterday's 23:50 opening is still on.
    expect(roomOpening(lateNight, indiaInstant("2026-12-02", "00:10"))).toBe(indiaInstant("2026-12-01", "23:50"));
    expect(nextOpening(rolling, indiaInstant("2026-12-01", "11:00"))).toBe(indiaInstant("2026-12-02", "10:00"));
    expect(nextOpening(base, opening)).toBeNull();
  });
});

describe("the waiting room's meter", () => {
  it("admits the first at the opening and then the rate a minute, and estimates from it", () => {
    const room = { opening: 1_000_000, admitPerMinute: 120 };
    expect(admittedThrough(room, 999_999)).toBe(0);
    expect(admittedThrough(room, 1_000_000)).toBe(1);
    expect(admittedThrough(room, 1_000_000 + 30_000)).toBe(61);
    expect(secondsUntilAdmitted(room, 61, 1_000_000)).toBe(30);
  });

  it("asks again soon near the front and rarely far back", () => {
    expect(refreshSeconds({ state: "waiting", place: 2, ahead: 0, estimateSeconds: 1 }, 3)).toBe(3);
    expect(refreshSeconds({ state: "waiting", place: 900, ahead: 800, estimateSeconds: 200 }, 3)).toBe(20);
    expect(refreshSeconds({ state: "lobby", admission: "draw", place: null, registered: 9, opening: 0, estimateSeconds: null }, 5)).toBe(
      30,
    );
  });
});
