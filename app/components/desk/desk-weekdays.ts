import { m } from "~/paraglide/messages";

/** The weekdays' names by day code (0 = Sunday): messages, read at render in the page's language. */
const WEEKDAY_NAMES = [
  m.desk_weekday_0,
  m.desk_weekday_1,
  m.desk_weekday_2,
  m.desk_weekday_3,
  m.desk_weekday_4,
  m.desk_weekday_5,
  m.desk_weekday_6,
];

/** "Monday" for day code 1, in the page's language (the desk's forms name weekdays in full). */
export function deskWeekdayName(code: number | string): string {
  return WEEKDAY_NAMES[Number(code)]?.() ?? String(code);
}
