/**
 * India time (IST, Asia/Kolkata): the portal's calendar. India keeps one offset all
 * year (UTC+05:30, no daylight saving), so a fixed shift is exact and needs no time
 * zone data. Pure: pages, components and the Worker share it.
 */
export const INDIA_UTC_OFFSET = "+05:30";
const OFFSET_MS = (5 * 60 + 30) * 60_000;

/** The wall-clock time in India as an ISO string without its zone ("2027-01-15T09:30:00.000"). */
function indiaWallClock(now: Date): string {
  return new Date(now.getTime() + OFFSET_MS).toISOString().slice(0, 23);
}

/** Today's date in India (IST) as YYYY-MM-DD. */
export function todayInIndia(now = new Date()): string {
  return indiaWallClock(now).slice(0, 10);
}

/** An instant as an ISO timestamp in India time ("2027-01-15T09:30:00.000+05:30"): its first 10 characters are the Indian date. */
export function indiaTimestamp(now = new Date()): string {
  return `${indiaWallClock(now)}${INDIA_UTC_OFFSET}`;
}

/** The instant (epoch ms) of a wall-clock time in India: "2027-01-15" and "10:00" (or "10:00:30"). */
export function indiaInstant(day: string, time: string): number {
  return Date.parse(`${day}T${time.length === 5 ? `${time}:00` : time}${INDIA_UTC_OFFSET}`);
}

/** An instant as India's date and time of day: { day: "2027-01-15", time: "10:00" }. */
export function indiaDateTime(instant: number): { day: string; time: string } {
  const wall = indiaWallClock(new Date(instant));
  return { day: wall.slice(0, 10), time: wall.slice(11, 16) };
}

/** A stored UTC timestamp as people read it: India's date and time to the minute ("2027-01-15 09:30"), or "—". */
export function indiaMinute(iso: string | null | undefined): string {
  const instant = iso ? Date.parse(iso) : Number.NaN;
  if (Number.isNaN(instant)) return "—";
  const { day, time } = indiaDateTime(instant);
  return `${day} ${time}`;
}
