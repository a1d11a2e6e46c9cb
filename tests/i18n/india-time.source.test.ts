/** The one India-time helper (issue 12): the Indian date turns at 18:30 UTC. */
import { describe, expect, it } from "vitest";
import { indiaMinute, indiaTimestamp, todayInIndia } from "~/lib/india-time";

describe("India time", () => {
  it("turns the date at midnight IST, which is 18:30 UTC the day before", () => {
    expect(todayInIndia(new Date("2027-01-14T18:29:59.999Z"))).toBe("2027-01-14");
    expect(todayInIndia(new Date("2027-01-14T18:30:00.000Z"))).toBe("2027-01-15");
    expect(todayInIndia(new Date("2027-01-15T00:00:00.000Z"))).toBe("2027-01-15");
    expect(todayInIndia(new Date("2026-12-31T18:30:00.000Z"))).toBe("2027-01-01");
  });

  it("keeps +05:30 all year (no daylight saving)", () => {
    expect(todayInIndia(new Date("2027-07-14T18:29:00Z"))).toBe("2027-07-14");
    expect(todayInIndia(new Date("2027-07-14T18:30:00Z"))).toBe("2027-07-15");
  });

  it("writes booking times as India-time ISO timestamps whose first 10 characters are the Indian date", () => {
    expect(indiaTimestamp(new Date("2027-01-14T18:29:59.999Z"))).toBe("2027-01-14T23:59:59.999+05:30");
    expect(indiaTimestamp(new Date("2027-01-14T18:30:00.000Z"))).toBe("2027-01-15T00:00:00.000+05:30");
    expect(Date.parse(indiaTimestamp(new Date("2027-03-01T04:05:06.007Z")))).toBe(Date.parse("2027-03-01T04:05:06.007Z"));
  });

  it("agrees with the platform's Asia/Kolkata zone", () => {
    const at = new Date("2027-01-14T18:30:00Z");
    const kolkata = new Intl.DateTimeFormat("en-CA", {
      timeZone: "Asia/Kolkata",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
    }).format(at);
    expect(todayInIndia(at)).toBe(kolkata);
  });
});

describe("indiaMinute", () => {
  it("shows a stored UTC timestamp as India's date and time to the minute, and nothing for none", () => {
    expect(indiaMinute("2031-07-03T18:45:59.000Z")).toBe("2031-07-04 00:15");
    expect(indiaMinute("2026-01-02T04:02:00.000Z")).toBe("2026-01-02 09:32");
    expect(indiaMinute(null)).toBe("—");
    expect(indiaMinute("not a time")).toBe("—");
  });
});
