/**
 * Issue 42, the gotra through the other booking paths: a package booked for a saved person (the
 * server fills their name, star and gotra, as without JavaScript) and an on-request puja the desk
 * accepts and the devotee then pays. Each ends on the booking's lines and the temple's day sheet.
 * (The legacy API's bookings carry none: tests/legacy/legacy-gotra.source.test.ts.)
 */
import { env } from "cloudflare:workers";
import { describe, expect, it, onTestFinished } from "vitest";
import { addDays } from "~/domain/bookings/cart/inputs";
import { todayInIndia } from "~/lib/india-time";
import { pageText } from "../support/browser";
import { gateway, newCustomer, offeredDate, openCheckout } from "../support/bookings";
import { signedIn, STAFF_A, templeOf } from "../support/staff";

const MOTHER = { name: "ಸರಸ್ವತಿ ರಾವ್", relation: "ಅಮ್ಮ", starId: "12", gotra: "ಆತ್ರೇಯ" };

/** The lines of the devotee's paid bookings: who, which star, which gotra. */
const paidLines = (customerId: number) =>
  env.DB.prepare(
    `select l.devotee_name, l.star_id, l.gotra, l.temple_id, l.puja_date, t.tracking_no from transaction_lines l
     join transactions t on t.id = l.transaction_id where t.customer_id = ? and t.status = 0 order by l.id`,
  )
    .bind(customerId)
    .all<{ devotee_name: string; star_id: number; gotra: string | null; temple_id: number; puja_date: string; tracking_no: string }>()
    .then((rows) => rows.results);

async function payCart(browser: Awaited<ReturnType<typeof newCustomer>>["browser"]) {
  const { orderId } = await openCheckout(browser);
  const paid = await browser.post("/payments/callback", await gateway.pay(orderId));
  expect(paid.status).toBe(303);
  expect(paid.headers.get("location")).toBe(`/checkout/done/${orderId}`);
}

/** A new active package of two new pujas offered every day: one at `templeId`, one at another verified temple. */
async function ownPackage(templeId: number) {
  const tag = crypto.randomUUID().slice(0, 8);
  const other = await env.DB.prepare("select id from temples where id <> ? and verified = 1 and online_booking = 1 order by id limit 1")
    .bind(templeId)
    .first<{ id: number }>();
  const pkg = await env.DB.prepare(
    `insert into packages (name, home_page_short_desc, image_path, active)
     values (?, 'A package of the gotra test', '/images/packages/package-1.svg', 1) returning id`,
  )
    .bind(`Sankalpa Package ${tag}`)
    .first<{ id: number }>();
  for (const [n, temple] of [templeId, other!.id].entries()) {
    const puja = await env.DB.prepare("insert into pujas (name) values (?) returning id")
      .bind(`Sankalpa Puja ${tag} ${n}`)
      .first<{ id: number }>();
    const row = await env.DB.prepare(
      `insert into temple_pujas (temple_id, puja_id, rate, postal_charge, booking_mode, days_offered, active)
       values (?, ?, 10100, 0, 'direct', '0123456', 1) returning id`,
    )
      .bind(temple, puja!.id)
      .first<{ id: number }>();
    await env.DB.prepare("insert into package_items (package_id, temple_puja_id) values (?, ?)").bind(pkg!.id, row!.id).run();
    onTestFinished(async () => {
      await env.DB.prepare("update temple_pujas set active = 0 where id = ?").bind(row!.id).run();
    });
  }
  onTestFinished(async () => {
    await env.DB.prepare("update packages set active = 0 where id = ?").bind(pkg!.id).run();
  });
  return { id: pkg!.id, items: 2 };
}

describe("the gotra through a package and an accepted request", () => {
  it("carries a saved person's gotra from the package form to every line of the booking", async () => {
    const templeId = await templeOf(STAFF_A.email);
    // A package of its own (other tests change seeded pujas): a puja at the staff's temple, so
    // its day sheet can be read too, and one at another temple.
    const pkg = await ownPackage(templeId);
    const { browser, customerId } = await newCustomer();
    expect((await browser.post("/account?tab=family", { intent: "family-add", ...MOTHER })).status).toBe(303);
    const person = await env.DB.prepare("select id from family_members where customer_id = ?").bind(customerId).first<{ id: number }>();
    const page = await browser.get(`/page_details?packageId=${pkg!.id}`);
    expect(await page.text()).toContain(`${MOTHER.name} (${MOTHER.relation})`);

    // Without JavaScript the form sends the choice and empty fields; the server fills them from the account.
    const booked = await browser.post(`/page_details?packageId=${pkg!.id}`, {
      form: "package",
      packageId: String(pkg!.id),
      savedPerson: String(person!.id),
      devoteeName: "",
      starId: "",
      gotra: "",
      date: addDays(todayInIndia(), 11),
    });
    expect(booked.status).toBe(303);
    expect(booked.headers.get("location")).toBe("/cart");
    const cart = await env.DB.prepare("select devotee_name, star_id, gotra from cart_items where customer_id = ? and package_id = ?")
      .bind(customerId, pkg!.id)
      .all();
    expect(cart.results).toHaveLength(pkg!.items);
    for (const item of cart.results) expect(item).toEqual({ devotee_name: MOTHER.name, star_id: 12, gotra: MOTHER.gotra });

    await payCart(browser);
    const lines = await paidLines(customerId);
    expect(lines).toHaveLength(pkg!.items);
    for (const line of lines) expect(line).toMatchObject({ devotee_name: MOTHER.name, star_id: 12, gotra: MOTHER.gotra });

    const here = lines.find((line) => line.temple_id === templeId);
    expect(here, "a line at the staff's temple").toBeTruthy();
    const sheet = await pageText(await (await signedIn(STAFF_A)).get(`/desk/${templeId}/bookings?date=${here!.puja_date}`));
    for (const text of [MOTHER.name, "Gotra", MOTHER.gotra]) expect(sheet).toContain(text);
  }, 40_000);

  it("carries the gotra of a request the desk accepts and the devotee pays, to the booking and the day sheet", async () => {
    const templeId = await templeOf(STAFF_A.email);
    const puja = await env.DB.prepare(
      `select tp.id, tp.temple_id, tp.days_offered, t.slug from temple_pujas tp join temples t on t.id = tp.temple_id
       where tp.temple_id = ? and tp.active = 1 and tp.booking_mode = 'request' order by tp.id limit 1`,
    )
      .bind(templeId)
      .first<{ id: number; temple_id: number; days_offered: string; slug: string }>();
    expect(puja, "an on-request puja at the staff's temple").toBeTruthy();
    const pujaDate = offeredDate(puja!, 4);
    const { browser, customerId } = await newCustomer();
    const asked = await browser.post(`/t/${puja!.slug}`, {
      form: "puja",
      templePujaId: String(puja!.id),
      "devotees[0].name": "ರಾಘವೇಂದ್ರ",
      "devotees[0].starId": "7",
      "devotees[0].gotra": "ಭಾರದ್ವಾಜ",
      "dates[0]": pujaDate,
      quantity: "1",
    });
    expect(asked.status).toBe(303);
    const request = await env.DB.prepare("select id, status, gotra from requests where customer_id = ?")
      .bind(customerId)
      .first<{ id: number; status: number; gotra: string | null }>();
    expect(request).toMatchObject({ status: 2, gotra: "ಭಾರದ್ವಾಜ" });

    const staff = await signedIn(STAFF_A);
    const accepted = await staff.post(`/desk/${templeId}?index`, { intent: "accept", requestId: String(request!.id) });
    expect(accepted.status).toBe(303);
    expect((await browser.post("/cart", { intent: "add-request", requestId: String(request!.id) })).status).toBe(303);
    const cart = await env.DB.prepare("select devotee_name, gotra from cart_items where customer_id = ?").bind(customerId).all();
    expect(cart.results).toEqual([{ devotee_name: "ರಾಘವೇಂದ್ರ", gotra: "ಭಾರದ್ವಾಜ" }]);

    await payCart(browser);
    const lines = await paidLines(customerId);
    expect(lines).toEqual([expect.objectContaining({ devotee_name: "ರಾಘವೇಂದ್ರ", star_id: 7, gotra: "ಭಾರದ್ವಾಜ", puja_date: pujaDate })]);
    const sheet = await pageText(await staff.get(`/desk/${templeId}/bookings?date=${pujaDate}`));
    for (const text of ["ರಾಘವೇಂದ್ರ", "ಭಾರದ್ವಾಜ"]) expect(sheet).toContain(text);
  }, 40_000);
});
