/** The trust suites' own temples, donations and payments (trust.test.ts, trust-donor-address.test.ts). */
import { env } from "cloudflare:workers";
import { expect } from "vitest";
import type { TestBrowser } from "./browser";
import { gateway, offeredDate, openCheckout, type PujaRow } from "./bookings";

export const SECRET = (env as unknown as { RECEIPT_CODE_SECRET: string }).RECEIPT_CODE_SECRET;
export const TODAY = new Date().toISOString().slice(0, 10);
export const NEXT_YEAR = `${Number(TODAY.slice(0, 4)) + 1}-12-31`;
let made = 0;

export interface Made {
  id: number;
  slug: string;
  puja: PujaRow;
  general: number;
  renovation: number;
}

/** A temple of this test's own that takes online bookings, verified or not, with or without 80G. */
export async function makeTemple(options: { verified: boolean; eightyG?: "valid" | "expired" | "renovation-only" }): Promise<Made> {
  made += 1;
  const slug = `trust-test-${Date.now().toString(36)}-${made}`;
  const pan = `AAATT${String(1000 + made).slice(-4)}K`;
  const registration = options.eightyG ? `${pan}F2022${made % 9}` : null;
  const temple = await env.DB.prepare(
    `insert into temples (slug, name, display_name, image_url, district_id, state_id, online_booking, verified, registration_80g, pan)
     select ?, ?, ?, image_url, district_id, state_id, 1, ?, ?, ? from temples where id = 1 returning id`,
  )
    .bind(slug, `Trust Test Temple ${made}`, `Trust Test Temple ${made}`, options.verified ? 1 : 0, registration, pan)
    .first<{ id: number }>();
  const id = temple!.id;
  const puja = await env.DB.prepare(
    "insert into temple_pujas (temple_id, puja_id, rate, postal_charge, booking_mode, days_offered, " +
      "active) values (?, 1, 25100, 0, 'direct', '0123456', 1) returning id",
  )
    .bind(id)
    .first<{ id: number }>();
  const general = await env.DB.prepare(
    "insert into donation_purposes (temple_id, name, preset_amounts, description, renovation, active) " +
      "values (?, 'Annadanam Fund', '50100', 'Meals for pilgrims', 0, 1) returning id",
  )
    .bind(id)
    .first<{ id: number }>();
  const renovation = await env.DB.prepare(
    "insert into donation_purposes (temple_id, name, preset_amounts, description, renovation, active) " +
      "values (?, 'Temple Renovation', '100100', 'Repairs to the roof', 1, 1) returning id",
  )
    .bind(id)
    .first<{ id: number }>();
  const [from, to] =
    options.eightyG === "expired" ? ["2018-04-01", "2023-03-31"] : options.eightyG ? ["2023-04-01", NEXT_YEAR] : [null, null];
  await env.DB.prepare(
    `insert into temple_trust (temple_id, trust_name, trust_address, registration_no, bank_account_holder, authorised_person,
       checked_pan, checked_80g, valid_80g_from, valid_80g_to, renovation_only, documents_checked_at, documents_checked_by,
       staff_confirmed_at, staff_confirmed_by)
     values (?, ?, 'East Nada, Test Town, Kerala', 'KE/TR/1/2001', ?, 'K. Raghavan', ?, ?, ?, ?, ?, ?, 2, ?, 2)`,
  )
    .bind(
      id,
      `Trust Test Devaswom ${made}`,
      `Trust Test Devaswom ${made}`,
      pan,
      registration,
      from,
      to,
      options.eightyG === "renovation-only" ? 1 : 0,
      options.verified ? new Date().toISOString() : null,
      options.verified ? new Date().toISOString() : null,
    )
    .run();
  return {
    id,
    slug,
    general: general!.id,
    renovation: renovation!.id,
    puja: { id: puja!.id, temple_id: id, puja_id: 1, slug, rate: 25100, postal_charge: 0, days_offered: "0123456", booking_mode: "direct" },
  };
}

export function bookPujaAt(browser: TestBrowser, temple: Made) {
  return browser.post(`/t/${temple.slug}`, {
    form: "puja",
    templePujaId: String(temple.puja.id),
    "devotees[0].name": "Meera Iyer",
    "devotees[0].starId": "4",
    "dates[0]": offeredDate(temple.puja),
    quantity: "1",
  });
}

/** A postal address typed into the donation form for its 80G receipt, and how receipts and 10BD write it. */
export const DONOR_ADDRESS = {
  addressLine1: "12 East Nada",
  addressCity: "Guruvayur",
  addressDistrict: "Thrissur",
  addressState: "Kerala",
  addressPostalCode: "680101",
};
export const DONOR_ADDRESS_LINE = "12 East Nada, Guruvayur, Thrissur, Kerala 680101";

/** A donation at the temple's site; giving a PAN asks for the 80G receipt, so the donor's address goes with it. */
export function donateAt(browser: TestBrowser, temple: Made, purposeId: number, amount: string, pan?: string, path = `/t/${temple.slug}`) {
  return browser.post(path, {
    form: "donation",
    donationPurposeId: String(purposeId),
    amount,
    devoteeName: "Meera Iyer",
    ...(pan ? { pan, ...DONOR_ADDRESS } : {}),
  });
}

/** Pays the cart through the Razorpay emulator: the booking's tracking number and receipt. */
export async function payCart(browser: TestBrowser, customerId: number) {
  const { orderId } = await openCheckout(browser);
  expect((await browser.post("/payments/callback", await gateway.pay(orderId))).status).toBe(303);
  return (await env.DB.prepare("select id, tracking_no, receipt_no from transactions where customer_id = ? order by id desc limit 1")
    .bind(customerId)
    .first<{ id: number; tracking_no: string; receipt_no: string }>())!;
}
