/** Puja dates: plain YYYY-MM-DD strings in UTC arithmetic, and the weekdays a puja is offered. */
import { addDays } from "../days";
import { m } from "~/paraglide/messages";

/** English names, as the data and the desk's day codes use them (0 = Sunday). */
export const WEEKDAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"] as const;

/** Messages (not their text: read when needed) naming the weekdays in the page's language. */
const SHORT_WEEKDAYS = [
  m.bookings_weekday_short_0,
  m.bookings_weekday_short_1,
  m.bookings_weekday_short_2,
  m.bookings_weekday_short_3,
  m.bookings_weekday_short_4,
  m.bookings_weekday_short_5,
  m.bookings_weekday_short_6,
];
const ON_WEEKDAYS = [
  m.bookings_on_weekdays_0,
  m.bookings_on_weekdays_1,
  m.bookings_on_weekdays_2,
  m.bookings_on_weekdays_3,
  m.bookings_on_weekdays_4,
  m.bookings_on_weekdays_5,
  m.bookings_on_weekdays_6,
];

/** "Mon" for day code 1, in the page's language; "" for a code that is not a weekday. */
export function weekdayShort(code: number): string {
  return SHORT_WEEKDAYS[code]?.() ?? "";
}

/** "on Mondays" for "Monday" (an English name from WEEKDAYS), in the page's language. */
export function onWeekdays(weekday: string): string {
  const message = ON_WEEKDAYS[(WEEKDAYS as readonly string[]).indexOf(weekday)];
  return message ? message() : `on ${weekday}s`;
}

export { addDays, isValidDay } from "../days";

/** 0 = Sunday, as in temple_pujas.days_offered. */
export function weekdayOf(day: string): number {
  return new Date(`${day}T00:00:00Z`).getUTCDay();
}

/** Whether a puja offered on `daysOffered` (e.g. "0123456") can be done on `day`. */
export function offeredOn(daysOffered: string, day: string): boolean {
  return daysOffered.includes(String(weekdayOf(day)));
}

/** The first day on or after `day` on which the puja is offered. */
export function nextOfferedDay(daysOffered: string, day: string): string | null {
  for (let i = 0; i < 7; i++) {
    const candidate = addDays(day, i);
    if (offeredOn(daysOffered, candidate)) return candidate;
  }
  return null;
}

/**
 * The legacy `dates` field: an XML list (`<dates><date>2027-01-15</date></dates>`), a
 * comma-separated list or an array. Returns the YYYY-MM-DD values found, in order.
 */
export function parseDateList(value: unknown): string[] {
  const items = Array.isArray(value) ? value.map(String) : (String(value ?? "").match(/\d{4}-\d{2}-\d{2}/g) ?? []);
  return items.map((item) => item.trim().slice(0, 10)).filter(Boolean);
}
