/**
 * A temple puja's seats a day as its staff set them: the daily capacity, a devotee's limit for
 * one day, an exception per weekday and per date. One zod schema per form, shared by the
 * Conform forms and the action; a blank number means "no limit". No server imports here.
 */
import { z } from "zod";
import { MAX_DAILY_CAPACITY } from "~/domain/bookings/seats/capacity";
import { addDays, BOOKING_HORIZON_DAYS, isValidDay } from "~/domain/bookings/cart/inputs";
import { longDate } from "~/domain/text";
import { dayBetween, wholeNumber } from "~/domain/text-fields";
import { todayInIndia } from "~/lib/india-time";
import { plural } from "~/lib/i18n";
import { m } from "~/paraglide/messages";

/** The most one devotee may be allowed to book of one puja for one day. */
export const MAX_DEVOTEE_LIMIT = 100;
/** Dates ahead with their own seats, per puja: a year's festivals fit; the form and its writes stay small. */
export const MAX_CAPACITY_DATES = 60;

/** What these forms say, in the request's (or page's) language: read when shown, never at import. */
export const CAPACITY_MESSAGES = {
  get capacity() {
    return m.desk_seats_msg_capacity({ max: MAX_DAILY_CAPACITY });
  },
  get devoteeLimit() {
    return m.desk_seats_msg_devotee_limit({ max: MAX_DEVOTEE_LIMIT });
  },
  get date() {
    return m.desk_seats_msg_date();
  },
  get kept() {
    return m.desk_seats_msg_kept({ max: MAX_DAILY_CAPACITY });
  },
  get keptBoth() {
    return m.desk_seats_msg_kept_both();
  },
  get keptNoCapacity() {
    return m.desk_seats_msg_kept_no_capacity();
  },
  keptOver: (capacity: number) => m.desk_seats_msg_kept_over({ capacity }),
  get dateCapacity() {
    return m.desk_seats_msg_date_capacity({ max: MAX_DAILY_CAPACITY });
  },
  get tooManyDates() {
    return m.desk_seats_msg_too_many_dates({ max: MAX_CAPACITY_DATES });
  },
  get saved() {
    return m.desk_seats_msg_saved();
  },
  savedKept: (days: number) => plural(days, m.desk_seats_msg_saved_kept_one, m.desk_seats_msg_saved_kept_other)({ count: days }),
  dateSaved: (day: string) => m.desk_seats_msg_date_saved({ date: longDate(day) }),
  dateSavedKept: (day: string, booked: number, capacity: number) =>
    m.desk_seats_msg_date_saved_kept({ date: longDate(day), booked, capacity }),
  dateRemoved: (day: string) => m.desk_seats_msg_date_removed({ date: longDate(day) }),
  get dateMissing() {
    return m.desk_seats_msg_date_missing();
  },
};

const M = CAPACITY_MESSAGES;
type Message = () => string;
const lazy =
  (key: "capacity" | "devoteeLimit" | "date" | "dateCapacity" | "kept"): Message =>
  () =>
    M[key];

const capacity = wholeNumber(lazy("capacity"), 0, MAX_DAILY_CAPACITY).optional();

/** The weekday fields by day code (0 = Sunday), as the form names them. */
export const WEEKDAY_FIELDS = ["weekday0", "weekday1", "weekday2", "weekday3", "weekday4", "weekday5", "weekday6"] as const;
export type WeekdayField = (typeof WEEKDAY_FIELDS)[number];

const weekdayShape = Object.fromEntries(WEEKDAY_FIELDS.map((name) => [name, capacity])) as Record<WeekdayField, typeof capacity>;

const kept = wholeNumber(lazy("kept"), 0, MAX_DAILY_CAPACITY).optional();

/**
 * The puja's seats a day, its devotee limit, its counter quota (seats a day kept for the counter,
 * or for online: one of them, no more than the seats a day) and its weekday exceptions (blank:
 * unlimited, no limit, none kept, as every day).
 */
export const capacitySettingsSchema = z
  .object({
    intent: z.literal("seats"),
    dailyCapacity: capacity,
    perDevoteeLimit: wholeNumber(lazy("devoteeLimit"), 1, MAX_DEVOTEE_LIMIT).optional(),
    counterKept: kept,
    onlineKept: kept,
    ...weekdayShape,
  })
  .superRefine((value, ctx) => {
    const given = (["counterKept", "onlineKept"] as const).filter((name) => value[name] !== undefined);
    if (given.length === 2) {
      ctx.addIssue({ code: "custom", path: ["onlineKept"], message: M.keptBoth });
      return;
    }
    const [name] = given;
    if (name === undefined) return;
    if (value.dailyCapacity === undefined) ctx.addIssue({ code: "custom", path: [name], message: M.keptNoCapacity });
    else if (value[name]! > value.dailyCapacity) ctx.addIssue({ code: "custom", path: [name], message: M.keptOver(value.dailyCapacity) });
  });
export type CapacitySettingsInput = z.infer<typeof capacitySettingsSchema>;

/** A date staff may give its own seats: after today (India time), up to the booking horizon. */
export const capacityDay = (message: Message) =>
  dayBetween(
    message,
    () => addDays(todayInIndia(), 1),
    () => addDays(todayInIndia(), BOOKING_HORIZON_DAYS),
  );

/** Adds a date's own seats, or changes them when the date has some already. */
export const capacityDateSchema = z.object({
  intent: z.literal("add-date"),
  day: capacityDay(lazy("date")),
  capacity: wholeNumber(lazy("dateCapacity"), 0, MAX_DAILY_CAPACITY),
});
export type CapacityDateInput = z.infer<typeof capacityDateSchema>;

/** Removes a date's own seats (the date then follows its weekday, or the seats a day). */
export const removeCapacityDateSchema = z.object({
  intent: z.literal("remove-date"),
  day: z
    .string({ error: lazy("date") })
    .trim()
    .refine(isValidDay, { error: lazy("date") }),
});
export type RemoveCapacityDateInput = z.infer<typeof removeCapacityDateSchema>;

/** The weekday fields' values (null: blank) by day code. */
export function weekdayCapacities(input: Pick<CapacitySettingsInput, WeekdayField>): (number | null)[] {
  return WEEKDAY_FIELDS.map((name) => input[name] ?? null);
}
