/**
 * Issue 42, the sankalpa: the people a devotee books for, saved in their account (Family), and a
 * gotra for each devotee that goes from the booking form to the cart, the booking, the receipt
 * PDF and the temple's day sheet (page and PDF).
 */
import { env } from "cloudflare:workers";
import { describe, expect, it, onTestFinished } from "vitest";
import { pageText } from "../support/browser";
import { pdfText } from "../support/pdf-helpers";
import { gateway, newCustomer, openCheckout } from "../support/bookings";
import { dayFor, signedIn, STAFF_A, templeOf } from "../support/staff";

const AMMA = {
  name: "ലക്ഷ്മി അമ്മ",
  relation: "അമ്മ",
  starId: "4",
  gotra: "കാശ്യപ",
  rashi: "ഇടവം",
  dateOfBirth: "1956-04-14",
};

const members = (customerId: number) =>
  env.DB.prepare("select id, name, relation, star_id, gotra, rashi, date_of_birth from family_members where customer_id = ? order by id")
    .bind(customerId)
    .all<{ id: number; name: string; relation: string; star_id: number; gotra: string; rashi: string; date_of_birth: string }>()
    .then((rows) => rows.results);

const addMember = (browser: Awaited<ReturnType<typeof newCustomer>>["browser"], fields: Record<string, string>, prefix = "") =>
  browser.post(`${prefix}/account?tab=family`, { intent: "family-add", ...fields });

describe("family members", () => {
  it("adds, lists, edits and removes a person, in any script", async () => {
    const { browser, customerId } = await newCustomer();
    const added = await addMember(browser, AMMA);
    expect(added.status).toBe(303);
    expect(added.headers.get("location")).toBe("/account?tab=family");
    const [saved] = await members(customerId);
    expect(saved).toMatchObject({ name: AMMA.name, relation: AMMA.relation, star_id: 4, gotra: AMMA.gotra, rashi: AMMA.rashi });
    expect(saved!.date_of_birth).toBe(AMMA.dateOfBirth);
    const tab = await pageText(await browser.get("/account?tab=family"));
    for (const text of ["Family", AMMA.name, AMMA.relation, AMMA.gotra, "Rohini"]) expect(tab).toContain(text);

    const editForm = await browser.get(`/account?tab=family&edit=${saved!.id}`);
    expect(editForm.status).toBe(200);
    expect(await editForm.text()).toContain(`value="${AMMA.gotra}"`);
    const edited = await browser.post(`/account?tab=family&edit=${saved!.id}`, {
      intent: "family-edit",
      memberId: String(saved!.id),
      ...AMMA,
      gotra: "भारद्वाज",
      rashi: "",
      dateOfBirth: "",
    });
    expect(edited.status).toBe(303);
    expect((await members(customerId))[0]).toMatchObject({ gotra: "भारद्वाज", rashi: "", date_of_birth: "" });

    const removed = await browser.post("/account?tab=family", { intent: "family-remove", memberId: String(saved!.id) });
    expect(removed.status).toBe(303);
    expect(await members(customerId)).toEqual([]);
  });

  it("never shows, changes or removes another account's person: 404", async () => {
    const owner = await newCustomer();
    expect((await addMember(owner.browser, AMMA)).status).toBe(303);
    const [theirs] = await members(owner.customerId);
    const stranger = await newCustomer();
    expect((await stranger.browser.get(`/account?tab=family&edit=${theirs!.id}`)).status).toBe(404);
    const edit = await stranger.browser.post("/account?tab=family", {
      intent: "family-edit",
      memberId: String(theirs!.id),
      ...AMMA,
      name: "Stolen",
    });
    expect(edit.status).toBe(404);
    const remove = await stranger.browser.post("/account?tab=family", { intent: "family-remove", memberId: String(theirs!.id) });
    expect(remove.status).toBe(404);
    expect(await members(owner.customerId)).toHaveLength(1);
    expect((await members(owner.customerId))[0]!.name).toBe(AMMA.name);
    expect(await pageText(await stranger.browser.get("/account?tab=family"))).not.toContain(AMMA.name);
  });

  it("checks each field in the page's language and keeps at most 20 people", async () => {
    const { browser, customerId } = await newCustomer();
    const bad = await addMember(browser, { name: "1", relation: "", starId: "", gotra: "<script>", dateOfBirth: "2999-01-01" });
    expect(bad.status).toBe(400);
    const text = await pageText(bad);
    for (const message of [
      "Please enter the person's name",
      "Please enter the relation",
      "Please choose the person's star.",
      "The gotra may have letters only, up to 40.",
      "Please enter a date of birth that is not in the future.",
    ])
      expect(text).toContain(message);
    const hindi = await pageText(await addMember(browser, { ...AMMA, gotra: "क".repeat(41) }, "/hi"));
    expect(hindi).toContain("गोत्र में केवल अक्षर हो सकते हैं, अधिकतम 40।");
    expect(await members(customerId)).toEqual([]);

    const values = Array.from({ length: 20 }, (_, i) => `(${customerId}, 'Person ${String.fromCharCode(65 + i)}', 'Son', 1)`).join(", ");
    await env.DB.prepare(`insert into family_members (customer_id, name, relation, star_id) values ${values}`).run();
    onTestFinished(async () => {
      await env.DB.prepare("delete from family_members where customer_id = ?").bind(customerId).run();
    });
    const full = await addMember(browser, AMMA);
    expect(full.status).toBe(400);
    expect(await pageText(full)).toContain("You can save up to 20 people. Please remove one to add another.");
    expect(await members(customerId)).toHaveLength(20);
  });
});

describe("the gotra through a booking", () => {
  it("goes from a saved person and a typed gotra to the cart, the booking, the receipt PDF and the day sheet", async () => {
    const templeId = await templeOf(STAFF_A.email);
    const puja = await env.DB.prepare(
      `select tp.id, tp.days_offered, p.name, t.slug from temple_pujas tp join pujas p on p.id = tp.puja_id join temples t on t.id = tp.temple_id
       where tp.temple_id = ? and tp.active = 1 and tp.booking_mode = 'direct' and tp.daily_capacity is null order by tp.id limit 1`,
    )
      .bind(templeId)
      .first<{ id: number; days_offered: string; name: string; slug: string }>();
    expect(puja, "a direct puja at the staff's temple").toBeTruthy();
    const { browser, customerId } = await newCustomer();
    expect((await addMember(browser, AMMA)).status).toBe(303);
    const [amma] = await members(customerId);
    const site = await browser.get(`/t/${puja!.slug}`);
    expect(await site.text()).toContain(`${AMMA.name} (${AMMA.relation})`);

    const pujaDate = dayFor(puja!.days_offered, 5);
    // Without JavaScript: the first devotee is the saved person (the server fills them in), the second is typed.
    const booked = await browser.post(`/t/${puja!.slug}`, {
      form: "puja",
      templePujaId: String(puja!.id),
      "devotees[0].savedPerson": String(amma!.id),
      "devotees[0].name": "",
      "devotees[1].name": "Ravi Kumar",
      "devotees[1].starId": "9",
      "devotees[1].gotra": "ஸ்ரீவத்ஸ",
      "dates[0]": pujaDate,
      quantity: "1",
    });
    expect(booked.status).toBe(303);
    const cart = await env.DB.prepare("select devotee_name, star_id, gotra from cart_items where customer_id = ? order by id")
      .bind(customerId)
      .all();
    expect(cart.results).toEqual([
      { devotee_name: AMMA.name, star_id: 4, gotra: AMMA.gotra },
      { devotee_name: "Ravi Kumar", star_id: 9, gotra: "ஸ்ரீவத்ஸ" },
    ]);

    const { orderId } = await openCheckout(browser);
    expect((await browser.post("/payments/callback", await gateway.pay(orderId))).status).toBe(303);
    const lines = await env.DB.prepare(
      `select l.devotee_name, l.gotra, t.tracking_no from transaction_lines l join transactions t on t.id = l.transaction_id
       where t.customer_id = ? order by l.id`,
    )
      .bind(customerId)
      .all<{ devotee_name: string; gotra: string | null; tracking_no: string }>();
    expect(lines.results.map(({ devotee_name, gotra }) => ({ devotee_name, gotra }))).toEqual([
      { devotee_name: AMMA.name, gotra: AMMA.gotra },
      { devotee_name: "Ravi Kumar", gotra: "ஸ்ரீவத்ஸ" },
    ]);
    const receipt = await browser.get(`/account/transactions/${lines.results[0]!.tracking_no}/receipt.pdf`);
    expect(receipt.status).toBe(200);
    const receiptText = (await pdfText(await receipt.arrayBuffer())).replace(/\s+/g, " ");
    expect(receiptText).toContain(`Gotra: ${AMMA.gotra}`);
    expect(receiptText).toContain("Gotra: ஸ்ரீவத்ஸ");

    const staff = await signedIn(STAFF_A);
    const sheet = await pageText(await staff.get(`/desk/${templeId}/bookings?date=${pujaDate}`));
    for (const text of ["Gotra", AMMA.name, AMMA.gotra, "Ravi Kumar", "ஸ்ரீவத்ஸ"]) expect(sheet).toContain(text);
    const pdf = await staff.get(`/desk/${templeId}/day-sheet/${pujaDate}`);
    expect(pdf.status).toBe(200);
    const sheetText = (await pdfText(await pdf.arrayBuffer())).replace(/\s+/g, " ");
    for (const text of ["Gotra", AMMA.gotra, "ஸ்ரீவத்ஸ"]) expect(sheetText).toContain(text);
  }, 40_000);

  it("ignores another account's person chosen in a booking form", async () => {
    const owner = await newCustomer();
    expect((await addMember(owner.browser, AMMA)).status).toBe(303);
    const [theirs] = await members(owner.customerId);
    const { browser, customerId } = await newCustomer();
    const templeId = await templeOf(STAFF_A.email);
    const puja = await env.DB.prepare(
      `select tp.id, tp.days_offered, t.slug from temple_pujas tp join temples t on t.id = tp.temple_id
       where tp.temple_id = ? and tp.active = 1 and tp.booking_mode = 'direct' and tp.daily_capacity is null order by tp.id limit 1`,
    )
      .bind(templeId)
      .first<{ id: number; days_offered: string; slug: string }>();
    const response = await browser.post(`/t/${puja!.slug}`, {
      form: "puja",
      templePujaId: String(puja!.id),
      "devotees[0].savedPerson": String(theirs!.id),
      "devotees[0].name": "",
      "dates[0]": dayFor(puja!.days_offered, 6),
      quantity: "1",
    });
    expect(response.status).toBe(400);
    expect(await pageText(response)).not.toContain(AMMA.name);
    expect(await env.DB.prepare("select count(*) as n from cart_items where customer_id = ?").bind(customerId).first("n")).toBe(0);
  });
});
