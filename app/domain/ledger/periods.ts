/**
 * The ledger's periods: a month ("2026-11") of India days, a year of months. Days are India
 * days (a payment at 20:00 UTC belongs to the next day in India), as bookings are dated.
 */
import { z } from "zod";
import { addDays } from "~/domain/bookings/dates";

const MONTH = /^(20\d\d)-(0[1-9]|1[0-2])$/;
const YEAR = /^20\d\d$/;

export const isMonth = (value: string) => MONTH.test(value);

/** The days of a month, first to last. */
export function daysOfMonth(month: string): string[] {
  const [year, mon] = month.split("-").map(Number) as [number, number];
  const count = new Date(Date.UTC(year, mon, 0)).getUTCDate();
  return Array.from({ length: count }, (_, i) => `${month}-${String(i + 1).padStart(2, "0")}`);
}

/** The twelve months of a year. */
export function monthsOfYear(year: number): string[] {
  return Array.from({ length: 12 }, (_, i) => `${year}-${String(i + 1).padStart(2, "0")}`);
}

/** The month before or after (`step` months away). */
export function addMonths(month: string, step: number): string {
  const [year, mon] = month.split("-").map(Number) as [number, number];
  const date = new Date(Date.UTC(year, mon - 1 + step, 1));
  return date.toISOString().slice(0, 7);
}

/** The UTC instants that bound India days `first`..`last` (India is UTC+05:30): [from, to). */
export function indiaDaysInUtc(first: string, last: string): { from: string; to: string } {
  return { from: `${addDays(first, -1)}T18:30:00.000Z`, to: `${last}T18:30:00.000Z` };
}

const month = z.string().trim().regex(MONTH);
const optionalId = z.preprocess(
  (v) => (v === "" ? undefined : v),
  z.coerce
    .number()
    .int()
    .positive()
    .max(2 ** 31)
    .optional(),
);

/** The operator ledger's query: a month, optionally one temple, the day whose report is shown and its page, a temple searched for. */
export const ledgerQuerySchema = z.object({
  month: month.optional(),
  templeId: optionalId,
  page: z.preprocess((v) => (v === "" ? undefined : v), z.coerce.number().int().min(1).max(10_000).optional()),
  temple: z.preprocess((v) => (typeof v === "string" && v.trim() === "" ? undefined : v), z.string().trim().max(100).optional()),
  day: z
    .string()
    .trim()
    .regex(/^20\d\d-\d\d-\d\d$/)
    .optional(),
});

/** The settlement statement's query: the month of days and the year of months shown. */
export const settlementQuerySchema = z.object({
  month: month.optional(),
  year: z.string().trim().regex(YEAR).transform(Number).optional(),
});

/** A query string as an object, unknown or repeated keys ignored by the schema's parse (last value wins). */
export function queryOf(url: string): Record<string, string> {
  return Object.fromEntries(new URL(url).searchParams);
}
