/**
 * A limited puja's seats on a day, as plain rules (no D1): the day's capacity is its date's
 * rule, else its weekday's, else the puja's daily capacity; none of them means unlimited.
 * The same order is written in SQL in the trigger that guards puja_seats (migrations/0012),
 * which is what actually refuses a seat; this module says what pages show.
 */
import { weekdayOf } from "../dates";

export interface CapacityRule {
  /** 0 = Sunday; null for a date's rule. */
  weekday: number | null;
  /** YYYY-MM-DD; null for a weekday's rule. */
  day: string | null;
  capacity: number;
}

export interface CapacitySettings {
  /** Seats a day; null: unlimited. */
  dailyCapacity: number | null;
  /** Seats one devotee may take on one day; null: no limit. */
  perDevoteeLimit: number | null;
  rules: readonly CapacityRule[];
}

export const UNLIMITED: CapacitySettings = { dailyCapacity: null, perDevoteeLimit: null, rules: [] };

/** The most a day or a devotee's limit may be set to (a bound for the forms; a real temple's day is far below). */
export const MAX_DAILY_CAPACITY = 100_000;

/** Seats on `day` (YYYY-MM-DD), or null when the puja is unlimited that day. */
export function capacityOn(settings: CapacitySettings, day: string): number | null {
  const dated = settings.rules.find((rule) => rule.day === day);
  if (dated) return dated.capacity;
  const weekday = weekdayOf(day);
  const weekly = settings.rules.find((rule) => rule.day === null && rule.weekday === weekday);
  if (weekly) return weekly.capacity;
  return settings.dailyCapacity;
}

/** Whether seats are counted at all for this puja (some day has a capacity, or devotees a limit). */
export function isLimited(settings: CapacitySettings): boolean {
  return settings.dailyCapacity !== null || settings.perDevoteeLimit !== null || settings.rules.length > 0;
}

export type DaySeats = { limited: false } | { limited: true; capacity: number; taken: number; left: number; full: boolean };

/** What a day has left, given the seats taken (booked, accepted and unexpired holds). */
export function daySeats(capacity: number | null, taken: number): DaySeats {
  if (capacity === null) return { limited: false };
  const left = Math.max(0, capacity - taken);
  return { limited: true, capacity, taken, left, full: left === 0 };
}

/** A day is "nearly full" when this few seats are left (the cart says adding holds nothing). */
export const NEARLY_FULL = 5;
