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
  /** Counter quota: seats a day kept for the counter (online may take at most capacity − this); null: none. */
  counterKept: number | null;
  /** Seats a day kept for online (the counter may take at most capacity − this); null: none. */
  onlineKept: number | null;
}

export const UNLIMITED: CapacitySettings = { dailyCapacity: null, perDevoteeLimit: null, rules: [], counterKept: null, onlineKept: null };

/** Who takes a seat: a devotee online (held, booked, an accepted request) or staff at the temple's counter. */
export type SeatChannel = "online" | "counter";

/** Seats that count on a day: everyone's, and the counter's among them. */
export interface ChannelTaken {
  all: number;
  counter: number;
}

/**
 * Seats `channel` may still take on a day of `capacity` seats (null: unlimited): what the day has
 * left, and no more than its share, the capacity less what is kept for the other channel less
 * what this channel has taken. The trigger on puja_seats (migrations/0030) refuses by the same sums.
 */
export function seatsLeftFor(
  settings: Pick<CapacitySettings, "counterKept" | "onlineKept">,
  capacity: number | null,
  taken: ChannelTaken,
  channel: SeatChannel,
): number | null {
  if (capacity === null) return null;
  const keptForOther = (channel === "counter" ? settings.onlineKept : settings.counterKept) ?? 0;
  const takenByChannel = channel === "counter" ? taken.counter : taken.all - taken.counter;
  return Math.max(0, Math.min(capacity - taken.all, capacity - keptForOther - takenByChannel));
}

/** The most a day or a devotee's limit may be set to (a bound for the forms; a real temple's day is far below). */
export const MAX_DAILY_CAPACITY = 100_000;

/** Seats on `day` (YYYY-MM-DD), or null when the puja is unlimited that day. */
export function capacityOn(
  settings: Pick<CapacitySettings, "dailyCapacity" | "rules"> & Partial<CapacitySettings>,
  day: string,
): number | null {
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

/** What a day has left, given the seats taken (booked, accepted and unexpired holds), or what a channel may take of it. */
export function daySeats(capacity: number | null, taken: number, left = capacity === null ? 0 : Math.max(0, capacity - taken)): DaySeats {
  if (capacity === null) return { limited: false };
  return { limited: true, capacity, taken, left, full: left === 0 };
}

/** A day is "nearly full" when this few seats are left (the cart says adding holds nothing). */
export const NEARLY_FULL = 5;
