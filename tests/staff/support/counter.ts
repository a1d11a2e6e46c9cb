/** The counter suites' own steps: a staff member of their own, a puja of its own, a sale, a shift's rows. */
import { env } from "cloudflare:workers";
import { expect, onTestFinished } from "vitest";
import { todayInIndia } from "~/lib/india-time";
import { newCustomer } from "../../support/bookings";
import { ownPuja } from "../../support/own-puja";

/** The seeded counter clerk at Guruvayur (STAFF_A's first temple). */
export const COUNTER_CLERK = { email: "counter.guruvayur@sannidhi.example", password: "Staff@2026" };

/**
 * A fresh signed-in staff member of the temple (`admin` or `counter` role), so each test has
 * shifts of its own; their staff link goes when the test ends.
 */
export async function newStaff(templeId: number, role: "admin" | "counter" = "admin") {
  const { browser, customerId, user } = await newCustomer();
  await env.DB.batch([
    env.DB.prepare("update customers set role = 'staff' where id = ?").bind(customerId),
    env.DB.prepare("insert into temple_staff (customer_id, temple_id, role) values (?, ?, ?)").bind(customerId, templeId, role),
  ]);
  onTestFinished(async () => {
    await env.DB.prepare("delete from temple_staff where customer_id = ?").bind(customerId).run();
  });
  return { browser, id: customerId, name: user.name };
}

/** A puja of its own at the temple, offered every day, with `capacity` seats a day (₹251). */
export const limitedPuja = (templeId: number, capacity: number) => ownPuja(templeId, { capacity, label: "Shift Puja" });

export function saleFields(templePujaId: number, fields: Record<string, string> = {}) {
  return {
    saleKey: crypto.randomUUID().replace(/-/g, ""),
    item: `puja-${templePujaId}`,
    pujaDate: todayInIndia(),
    "devotees[0].name": "Lakshmi Narayanan",
    "devotees[0].starId": "4",
    quantity: "1",
    payment: "cash",
    ...fields,
  };
}

type Browser = Awaited<ReturnType<typeof newStaff>>["browser"];

/** Sells one seat of the puja today at the temple's counter; returns the sale's row. */
export async function sell(browser: Browser, templeId: number, templePujaId: number, fields: Record<string, string> = {}) {
  const response = await browser.post(`/desk/${templeId}/counter?item=puja-${templePujaId}`, saleFields(templePujaId, fields));
  expect(response.status, "the sale is recorded").toBe(200);
  const sale = await env.DB.prepare(
    `select t.* from transactions t join transaction_lines l on l.transaction_id = t.id
     where l.temple_puja_id = ? order by t.id desc limit 1`,
  )
    .bind(templePujaId)
    .first<Record<string, unknown> & { id: number; tracking_no: string; counter_shift_id: number | null }>();
  return sale!;
}

export const openShiftsOf = (templeId: number, staffId: number) =>
  env.DB.prepare("select * from counter_shifts where temple_id = ? and staff_id = ? and closed_at is null")
    .bind(templeId, staffId)
    .all<Record<string, unknown> & { id: number }>()
    .then((r) => r.results);

export const shiftRow = (shiftId: number) =>
  env.DB.prepare("select * from counter_shifts where id = ?")
    .bind(shiftId)
    .first<Record<string, unknown> & { id: number; closed_at: string | null }>();

/** The close form's fields: every denomination 0 unless given. */
export function closeFields(shiftId: number, counts: Record<string, string> = {}, note = "") {
  const fields: Record<string, string> = { intent: "close", shiftId: String(shiftId), note };
  for (const rupees of [2000, 500, 200, 100, 50, 20, 10, 5, 2, 1]) fields[`d${rupees}`] = counts[`d${rupees}`] ?? "0";
  return fields;
}
