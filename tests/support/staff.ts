/** Shared steps of the desk and operator Worker tests: who signs in, and rows to work on. */
import { env, exports } from "cloudflare:workers";
import { expect } from "vitest";
import { addDays, nextOfferedDay } from "~/domain/bookings/cart/inputs";
import { todayInIndia } from "~/lib/india-time";
import { signIn, TestBrowser } from "./browser";
import { newCustomer } from "./bookings";

export const STAFF_A = { email: "staff.guruvayur@sannidhi.example", password: "Staff@2026" };
export const STAFF_B = { email: "staff.madurai@sannidhi.example", password: "Staff@2026" };
export const OPERATOR = { email: "operator@sannidhi.example", password: "Operator@2026" };

export async function signedIn(account: { email: string; password: string }) {
  const browser = new TestBrowser();
  const response = await signIn(browser, account.email, account.password);
  expect(response.status).toBe(302);
  return browser;
}

/** The first temple a staff account manages. */
export async function templeOf(email: string): Promise<number> {
  const row = await env.DB.prepare(
    "select ts.temple_id as id from temple_staff ts join customers c on c.id = ts.customer_id where c.email = ? order by ts.temple_id limit 1",
  )
    .bind(email)
    .first<{ id: number }>();
  expect(row, `a temple of ${email}`).toBeTruthy();
  return row!.id;
}

/** An active puja of the temple (on-request ones first), with its offered days. */
export async function pujaAt(templeId: number, postal = false) {
  const row = await env.DB.prepare(
    `select tp.id, tp.rate, tp.postal_charge, tp.days_offered, p.name from temple_pujas tp join pujas p on p.id = tp.puja_id
     where tp.temple_id = ? and tp.active = 1 and (? = 0 or tp.postal_charge > 0) order by tp.booking_mode = 'request' desc, tp.id limit 1`,
  )
    .bind(templeId, postal ? 1 : 0)
    .first<{ id: number; rate: number; postal_charge: number; days_offered: string; name: string }>();
  expect(row, `a puja at temple ${templeId}`).toBeTruthy();
  return row!;
}

export function dayFor(daysOffered: string, weeksAhead = 2) {
  return nextOfferedDay(daysOffered, addDays(todayInIndia(), 7 * weeksAhead))!;
}

/** A fresh devotee with one pending request (status 2) at the temple. */
export async function pendingRequest(templeId: number) {
  const devotee = await newCustomer();
  const puja = await pujaAt(templeId);
  const pujaDate = dayFor(puja.days_offered);
  const row = await env.DB.prepare(
    `insert into requests (customer_id, temple_id, temple_puja_id, devotee_name, devotee_star_id, puja_date, quantity, rate, postal_charge, status)
     values (?, ?, ?, 'Meera Iyer', 4, ?, 1, ?, 0, 2) returning id`,
  )
    .bind(devotee.customerId, templeId, puja.id, pujaDate, puja.rate)
    .first<{ id: number }>();
  return { ...devotee, requestId: row!.id, puja, pujaDate };
}

/** A fresh devotee with one paid booking: a postal puja line at the temple on `pujaDate`. */
export async function paidLine(templeId: number, pujaDate = dayFor("0123456", 3)) {
  const devotee = await newCustomer();
  const puja = await pujaAt(templeId, true);
  const stamp = crypto.randomUUID().slice(0, 8);
  const address = await env.DB.prepare(
    "insert into addresses (customer_id, name, line1, city, state, postal_code) values (?, 'Meera " +
      "Iyer', '14, Kutchery Road', 'Chennai', 'Tamil Nadu', '600004') returning id",
  )
    .bind(devotee.customerId)
    .first<{ id: number }>();
  const tx = await env.DB.prepare(
    "insert into transactions (customer_id, booking_date, receipt_no, tracking_no, status, total) values (?, ?, ?, ?, 0, ?) returning id, tracking_no",
  )
    .bind(devotee.customerId, todayInIndia(), `SN-T-${stamp}`, `TRK-T-${stamp}`, puja.rate + puja.postal_charge)
    .first<{ id: number; tracking_no: string }>();
  const line = await env.DB.prepare(
    `insert into transaction_lines (transaction_id, item_type, temple_id, temple_puja_id, item_name, devotee_name, star_id, puja_date,
       quantity, amount, postal_charge, shipping_address_id)
     values (?, 'PUJA', ?, ?, ?, 'Meera Iyer', 4, ?, 1, ?, ?, ?) returning id`,
  )
    .bind(tx!.id, templeId, puja.id, puja.name, pujaDate, puja.rate, puja.postal_charge, address!.id)
    .first<{ id: number }>();
  return { ...devotee, trackingNo: tx!.tracking_no, lineId: line!.id, pujaDate, puja };
}

export async function auditRows(action: string, entityId: number | string) {
  const { results } = await env.DB.prepare(
    "select a.*, c.email as actor from audit_log a join customers c on c.id = a.actor_id where action = ? and entity_id = ?",
  )
    .bind(action, String(entityId))
    .all<{ actor: string; temple_id: number | null; detail: string }>();
  return results;
}

/** A JSON or bytes POST as the desk's upload script sends it. */
export function postRaw(browser: TestBrowser, path: string, body: BodyInit, contentType: string) {
  return exports.default.fetch(`${browser.origin}${path}`, {
    method: "POST",
    body,
    headers: { "content-type": contentType, origin: browser.origin, cookie: browser.cookieHeader(), "cf-connecting-ip": browser.ip },
    redirect: "manual",
  });
}
