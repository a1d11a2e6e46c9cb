/**
 * Issue 27 against the built Worker: verification gates payment (pages, the booking forms, checkout,
 * the payment and the legacy API), receipts anyone can verify, 80G only where it applies, a donor's
 * PAN never shown in full after it was saved, the temple's 10BD export, and the open books.
 * Each test makes its own temples (other files share the database and book at the seeded ones).
 */
import { env } from "cloudflare:workers";
import { PDFDocument } from "pdf-lib";
import { describe, expect, it } from "vitest";
import { receiptCode } from "~/domain/trust/receipt-codes.server";
import { longDate } from "~/domain/text";
import { todayInIndia } from "~/lib/india-time";
import { pdfText } from "../support/pdf-helpers";
import { outboxFor, pageText, signIn, TestBrowser } from "../support/browser";
import { count, gateway, newCustomer, offeredDate, openCheckout } from "../support/bookings";
import { OPERATOR, signedIn } from "../support/staff";
import { LegacyClient, legacySignUp } from "../support/legacy-client";
import { bookPujaAt, donateAt, makeTemple, NEXT_YEAR, payCart, SECRET, TODAY } from "../support/trust";

describe("verification gates payment", () => {
  it("shows an unverified temple's page without Pay or Book, and refuses its forms, checkout and the legacy API", async () => {
    const temple = await makeTemple({ verified: false });
    const { browser, customerId } = await newCustomer();
    const page = await browser.get(`/t/${temple.slug}`);
    expect(page.status).toBe(200);
    const text = await pageText(page);
    expect(text).toContain("Bookings and donations on Sannidhi open once the temple confirms its listing");
    expect(text).not.toContain("Book a puja");
    expect(text).not.toMatch(/\bBook\b/);
    expect(text).not.toContain("Make a donation");
    expect(text).not.toContain("Verified");

    expect((await bookPujaAt(browser, temple)).status).toBe(400);
    expect((await donateAt(browser, temple, temple.general, "501")).status).toBe(400);
    expect(await count("select count(*) as n from cart_items where customer_id = ?", customerId)).toBe(0);
    // The legacy API books through the same rule.
    const client = new LegacyClient();
    await legacySignUp(client);
    const legacy = await client.call("/api/request/addtolist", {
      DevoteeName: "Meera Iyer",
      TempleID: temple.id,
      PujaID: 1,
      DevoteeStar: "5",
      PujaQuantity: "1",
      dates: offeredDate(temple.puja),
    });
    expect(legacy.body).toMatchObject({ result: "0" });

    // A line put in the cart (as by an older page) cannot be paid for.
    await env.DB.prepare(
      "insert into cart_items (customer_id, item_type, temple_id, donation_purpose_id, devotee_name, " +
        "quantity, donation_amount) values (?, 'DONATION', ?, ?, 'Meera', 1, 50100)",
    )
      .bind(customerId, temple.id, temple.general)
      .run();
    const checkout = await browser.post("/checkout", {});
    expect(checkout.headers.get("location") ?? "").not.toMatch(/^\/checkout\/pay\//);
    expect(await count("select count(*) as n from payment_orders where customer_id = ?", customerId)).toBe(0);
  });

  it("stops payments at once when verification is withdrawn: an order opened before is refunded, not booked", async () => {
    const temple = await makeTemple({ verified: true });
    const { browser, customerId } = await newCustomer();
    expect((await bookPujaAt(browser, temple)).status).toBe(303);
    const { orderId } = await openCheckout(browser);

    const operator = await signedIn(OPERATOR);
    const withdrawn = await operator.post(`/operator/temples/${temple.id}/verification`, {
      intent: "withdraw",
      templeId: String(temple.id),
      reason: "The trust asked us to stop",
    });
    expect(withdrawn.status).toBe(303);
    expect(await env.DB.prepare("select verified from temples where id = ?").bind(temple.id).first()).toEqual({ verified: 0 });
    expect(
      await count("select count(*) as n from audit_log where temple_id = ? and action = 'trust.verification_withdrawn'", temple.id),
    ).toBe(1);

    const paid = await browser.post("/payments/callback", await gateway.pay(orderId));
    expect(paid.status).toBe(303);
    expect(await count("select count(*) as n from transactions where customer_id = ?", customerId)).toBe(0);
    expect(await count("select count(*) as n from payment_refunds where customer_id = ?", customerId)).toBe(1);
    expect((await browser.post("/checkout", {})).headers.get("location") ?? "").not.toMatch(/^\/checkout\/pay\//);
    expect(await pageText(await browser.get(`/t/${temple.slug}`))).toContain("open once the temple confirms");
  });

  it("needs both checks, each recorded with who and when: the operator's documents check and the staff's confirmation", async () => {
    const temple = await makeTemple({ verified: false });
    await env.DB.prepare("update temple_trust set documents_checked_at = null, documents_checked_by = null where temple_id = ?")
      .bind(temple.id)
      .run();
    const operator = await signedIn(OPERATOR);
    const fields = {
      intent: "documents",
      templeId: String(temple.id),
      trustName: "Trust Test Devaswom",
      trustAddress: "East Nada, Test Town, Thrissur, Kerala",
      registrationNo: "KE/TR/99/2001",
      pan: "AAATT9999K",
      bankAccountHolder: "Someone Else",
      authorisedPerson: "K. Raghavan",
      registration80g: "AAATT9999KF20221",
      valid80gFrom: "2023-04-01",
      valid80gTo: NEXT_YEAR,
      documentsSeen: "on",
    };
    const mismatch = await operator.post(`/operator/temples/${temple.id}/verification`, fields);
    expect(mismatch.status).toBe(400);
    expect(await pageText(mismatch)).toContain("The bank account must be held by the trust itself");
    expect(
      (await operator.post(`/operator/temples/${temple.id}/verification`, { ...fields, bankAccountHolder: "Trust Test Devaswom" })).status,
    ).toBe(303);
    expect(await env.DB.prepare("select verified from temples where id = ?").bind(temple.id).first()).toEqual({ verified: 0 });

    const { browser: staff, user, customerId } = await newCustomer();
    await env.DB.batch([
      env.DB.prepare("update customers set role = 'staff' where id = ?").bind(customerId),
      env.DB.prepare("insert into temple_staff (customer_id, temple_id) values (?, ?)").bind(customerId, temple.id),
    ]);
    const desk = new TestBrowser();
    expect((await signIn(desk, user.email, user.password)).status).toBe(302);
    expect(await pageText(await desk.get(`/desk/${temple.id}/listing`))).toContain("Not verified yet");
    const unticked = await desk.post(`/desk/${temple.id}/listing`, { intent: "confirm" });
    expect(unticked.status).toBe(400);
    expect(await pageText(unticked)).toContain("Please tick the box to confirm the listing.");
    expect((await desk.post(`/desk/${temple.id}/listing`, { intent: "confirm", consent: "on" })).status).toBe(303);
    expect(await env.DB.prepare("select verified from temples where id = ?").bind(temple.id).first()).toEqual({ verified: 1 });
    const trust = await env.DB.prepare(
      "select documents_checked_by, staff_confirmed_by, staff_confirmed_at from temple_trust where temple_id = ?",
    )
      .bind(temple.id)
      .first<{ documents_checked_by: number; staff_confirmed_by: number; staff_confirmed_at: string }>();
    expect(trust).toMatchObject({ documents_checked_by: 2, staff_confirmed_by: customerId });
    expect(await count("select count(*) as n from audit_log where temple_id = ? and action like 'trust.%'", temple.id)).toBe(2);

    const site = await pageText(await staff.get(`/t/${temple.slug}`));
    expect(site).toContain("Verified");
    expect(site).toContain("Make a donation");
    const checks = await pageText(await staff.get(`/t/${temple.slug}/verified`));
    expect(checks).toContain("Registered as Trust Test Devaswom, registration number KE/TR/99/2001.");
    expect(checks).toContain("The temple's staff confirmed the listing on");
    expect(checks).not.toContain("AAATT9999K ");
    // Withdrawing the temple's consent stops payments too.
    expect((await desk.post(`/desk/${temple.id}/listing`, { intent: "withdraw-consent" })).status).toBe(303);
    expect(await env.DB.prepare("select verified from temples where id = ?").bind(temple.id).first()).toEqual({ verified: 0 });
  });
});

describe("the operator's documents check", () => {
  it("refuses 80G validity outside 2000 to ten years ahead, and dates that are not on the calendar, changing nothing", async () => {
    const temple = await makeTemple({ verified: false, eightyG: "valid" });
    const operator = await signedIn(OPERATOR);
    const page = `/operator/temples/${temple.id}/verification`;
    const fields = {
      intent: "documents",
      templeId: String(temple.id),
      trustName: "Trust Test Devaswom",
      trustAddress: "East Nada, Test Town, Thrissur, Kerala",
      registrationNo: "KE/TR/99/2001",
      pan: "AAATT9999K",
      bankAccountHolder: "Trust Test Devaswom",
      authorisedPerson: "K. Raghavan",
      registration80g: "AAATT9999KF20221",
      valid80gFrom: "2023-04-01",
      valid80gTo: NEXT_YEAR,
      documentsSeen: "on",
    };
    const trustRow = () => env.DB.prepare("select * from temple_trust where temple_id = ?").bind(temple.id).first();
    const before = await trustRow();
    const last = `${Number(todayInIndia().slice(0, 4)) + 10}-12-31`;
    const range = `Please enter a date from ${longDate("2000-01-01", "en")} to ${longDate(last, "en")}.`;
    for (const dates of [
      { valid80gFrom: "0001-01-01" },
      { valid80gTo: "9999-12-31" },
      { valid80gFrom: "1999-12-31" },
      { valid80gTo: `${Number(last.slice(0, 4)) + 1}-01-01` },
      { valid80gFrom: "2023-02-29" },
      { valid80gTo: "2030-13-01" },
    ]) {
      const answer = await operator.post(page, { ...fields, ...dates });
      expect(answer.status, JSON.stringify(dates)).toBe(400);
      expect(await pageText(answer), JSON.stringify(dates)).toContain(range);
    }
    expect(await trustRow()).toEqual(before);
    // Both ends of the bounds are taken.
    expect((await operator.post(page, { ...fields, valid80gFrom: "2000-01-01", valid80gTo: last })).status).toBe(303);
    expect(
      await env.DB.prepare("select valid_80g_from, valid_80g_to from temple_trust where temple_id = ?").bind(temple.id).first(),
    ).toEqual({
      valid_80g_from: "2000-01-01",
      valid_80g_to: last,
    });
  });
});

describe("receipts anyone can verify", () => {
  it("accept a real receipt's code and refuse altered and invented ones, limiting guesses", async () => {
    const temple = await makeTemple({ verified: true });
    const { browser, customerId, user } = await newCustomer();
    expect((await bookPujaAt(browser, temple)).status).toBe(303);
    const booking = await payCart(browser, customerId);
    const code = await receiptCode(SECRET, { id: booking.id, receiptNo: booking.receipt_no });

    const order = await env.DB.prepare("select provider_order_id from payment_orders where customer_id = ?")
      .bind(customerId)
      .first<{ provider_order_id: string }>();
    const done = await browser.get(`/checkout/done/${encodeURIComponent(order!.provider_order_id)}`);
    const doneHtml = await done.text();
    expect(doneHtml).toContain(`Verification code: ${code}`);
    expect(doneHtml).toContain(`/verify/${code}`);
    expect(doneHtml).toMatch(/<svg[^>]*role="img"[^>]*aria-label="QR code of the address [^"]*\/verify\//);
    const mail = (await outboxFor(user.email))[0]!;
    expect(mail.text).toContain(`Verification code: ${code}`);
    expect(mail.html).toContain(`/verify/${code}`);
    // The booking in My Transactions carries the same code, linked to its verify page.
    const mine = await (await browser.get("/account?tab=transactions&view=completed")).text();
    expect(mine).toContain(`Verification code: ${code}`);
    expect(mine).toContain(`href="/verify/${code}"`);

    const stranger = new TestBrowser();
    const genuine = await stranger.get(`/verify/${code}`);
    expect(genuine.status).toBe(200);
    const text = await pageText(genuine);
    expect(text).toContain("Genuine Sannidhi receipt");
    expect(text).toContain(booking.receipt_no);
    expect(text).toContain(temple.slug.startsWith("trust-test") ? `Trust Test Temple` : "");
    expect(text).toContain("₹251.00");
    const name = user.name.split(" ");
    expect(text).toContain(`${name[0]![0]}. ${name.at(-1)![0]}*`);
    expect(text).not.toContain(user.name);

    // One spelling per receipt, letters in either case: a leading zero, a sign, spaces or a
    // percent-encoded character of the same number find nothing.
    const speller = new TestBrowser();
    expect((await speller.get(`/verify/${code.toLowerCase()}`)).status).toBe(200);
    // What a link followed with JavaScript asks for.
    expect((await speller.get(`/verify/${code}.data`)).status).toBe(200);
    const hex = (char: string) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`;
    for (const other of [
      `0${code}`,
      `00${code}`,
      `+${code}`,
      `%2B${code}`,
      `%20${code}`,
      `${code}%20`,
      `${hex(code[0]!)}${code.slice(1)}`,
      `${code.split("-")[0]}${hex("-")}${code.split("-")[1]}`,
    ]) {
      const answer = await speller.get(`/verify/${other}`);
      expect(answer.status, other).toBe(404);
      expect(await pageText(answer), other).toContain("Not a Sannidhi receipt");
    }

    const last = code.at(-1) === "7" ? "8" : "7";
    const altered = await stranger.get(`/verify/${code.slice(0, -1)}${last}`);
    expect(altered.status).toBe(404);
    expect(await pageText(altered)).toContain("Not a Sannidhi receipt");
    expect((await stranger.get("/verify/ZZZ-0123456789")).status).toBe(404);

    const guesser = new TestBrowser();
    for (let i = 0; i < 20; i++) expect((await guesser.get(`/verify/1-${String(i).padStart(10, "0")}`)).status).toBe(404);
    const refused = await guesser.get(`/verify/${code}`);
    expect(refused.status).toBe(429);
    expect(await pageText(refused)).toContain("Too many codes were checked");
  });
});

describe("80G and the donor's PAN", () => {
  it("prints an 80G section only for donations a valid registration covers, and the PAN in full only on the donor's receipt", async () => {
    const registered = await makeTemple({ verified: true, eightyG: "valid" });
    const renovationOnly = await makeTemple({ verified: true, eightyG: "renovation-only" });
    const expired = await makeTemple({ verified: true, eightyG: "expired" });
    const { browser, customerId, user } = await newCustomer();
    const pan = "ABCPD1234Q";
    expect((await donateAt(browser, registered, registered.general, "1001", pan.toLowerCase())).status).toBe(303);
    expect(await env.DB.prepare("select pan from customers where id = ?").bind(customerId).first()).toEqual({ pan });
    expect((await bookPujaAt(browser, registered)).status).toBe(303);
    expect((await donateAt(browser, renovationOnly, renovationOnly.general, "2001")).status).toBe(303);
    expect((await donateAt(browser, renovationOnly, renovationOnly.renovation, "3001")).status).toBe(303);
    expect((await donateAt(browser, expired, expired.general, "4001")).status).toBe(303);

    // After saving, every page shows the PAN masked.
    const form = await browser.get(`/t/${registered.slug}`);
    const formHtml = await form.text();
    expect(formHtml).toContain("******234Q");
    expect(formHtml).not.toContain(pan);
    for (const path of ["/cart", "/account", "/account?tab=transactions&view=completed"])
      expect(await (await browser.get(path)).text(), path).not.toContain(pan);

    const booking = await payCart(browser, customerId);
    const pdfResponse = await browser.get(`/account/transactions/${booking.tracking_no}/receipt.pdf`);
    const bytes = await pdfResponse.arrayBuffer();
    expect((await PDFDocument.load(bytes)).getPageCount()).toBeGreaterThan(0);
    const text = (await pdfText(bytes)).replace(/\s+/g, " ");
    // The registered temple: its donation, never the puja fee; the renovation-only one: its renovation purpose only; the expired one: none.
    expect(text.match(/Receipt for donation under section 80G/g)?.length).toBe(2);
    expect(text).toContain("Received by: Trust Test Devaswom");
    expect(text).toContain("Donation received: ₹1,001.00 (Rupees One Thousand One Only)");
    expect(text).toContain("Donation received: ₹3,001.00 (Rupees Three Thousand One Only)");
    expect(text).not.toContain("₹2,001.00 (Rupees");
    expect(text).not.toContain("₹4,001.00 (Rupees");
    expect(text).toContain("Mode of payment: online payment through Razorpay (electronic mode), reference pay_");
    expect(text).toContain(`PAN of the donor: ${pan}`);
    expect(text).toMatch(/Under section 80G\(2\)\(b\)/);

    // Pages, mail and the records around it carry it masked or not at all.
    const order = await env.DB.prepare("select provider_order_id from payment_orders where customer_id = ?")
      .bind(customerId)
      .first<{ provider_order_id: string }>();
    for (const path of [
      `/checkout/done/${encodeURIComponent(order!.provider_order_id)}`,
      "/account?tab=transactions&view=completed",
      `/t/${registered.slug}`,
    ])
      expect(await (await browser.get(path)).text(), path).not.toContain(pan);
    const mail = (await outboxFor(user.email))[0]!;
    expect(mail.text + mail.html).not.toContain(pan);
    expect(mail.text).toContain("Your PAN on the receipt: ******234Q");
    expect(await count("select count(*) as n from audit_log where detail like ?", `%${pan}%`)).toBe(0);
    expect(await count("select count(*) as n from payment_orders where lines like ?", `%${pan}%`)).toBe(0);
    const legacy = await browser.post("/api/Transaction/TransactionDetails", { TrackingNo: booking.tracking_no });
    expect(await legacy.text()).not.toContain(pan);
  }, 60_000);

  it("refuses a PAN in the wrong format", async () => {
    const registered = await makeTemple({ verified: true, eightyG: "valid" });
    const { browser, customerId } = await newCustomer();
    const bad = await donateAt(browser, registered, registered.general, "501", "12345");
    expect(bad.status).toBe(400);
    expect(await env.DB.prepare("select pan from customers where id = ?").bind(customerId).first()).toEqual({ pan: null });
  });

  it("exports the temple's Form 10BD rows, one per donor, matching the booked donations, to its own staff only", async () => {
    const temple = await makeTemple({ verified: true, eightyG: "valid" });
    const donors = [];
    for (const [amounts, pan] of [
      [["1001", "2002"], "BCDPE2345R"],
      [["5005"], null],
    ] as const) {
      const donor = await newCustomer();
      for (const amount of amounts)
        expect((await donateAt(donor.browser, temple, temple.general, amount, pan ?? undefined)).status).toBe(303);
      expect((await bookPujaAt(donor.browser, temple)).status).toBe(303);
      await payCart(donor.browser, donor.customerId);
      donors.push(donor);
    }
    const { user, customerId } = await newCustomer();
    await env.DB.batch([
      env.DB.prepare("update customers set role = 'staff' where id = ?").bind(customerId),
      env.DB.prepare("insert into temple_staff (customer_id, temple_id) values (?, ?)").bind(customerId, temple.id),
    ]);
    const staff = new TestBrowser();
    expect((await signIn(staff, user.email, user.password)).status).toBe(302);
    const year = Number(TODAY.slice(5, 7)) >= 4 ? Number(TODAY.slice(0, 4)) : Number(TODAY.slice(0, 4)) - 1;
    const csv = await staff.get(`/desk/${temple.id}/form-10bd.csv?year=${year}`);
    expect(csv.status).toBe(200);
    expect(csv.headers.get("content-type")).toContain("text/csv");
    const rows = (await csv.text())
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    expect(rows[0]).toContain('"ID Code","Unique Identification Number","Section Code"');
    expect(rows).toHaveLength(3);
    expect(rows[1]).toContain('"Permanent Account Number","BCDPE2345R","Section 80G"');
    expect(rows[1]).toContain('"Others","Electronic modes including account payee cheque/draft","3003.00"');
    expect(rows[2]).toContain('"5005.00"');
    expect(rows.join("\n")).not.toContain("251.00");
    // A year in plain digits, from 2000 to this one: "0x7d0" is not 2000, and 2100 has no 10BD yet.
    for (const bad of ["0x7d0", "2e3", "1999", String(Number(todayInIndia().slice(0, 4)) + 1), "2100"]) {
      expect((await staff.get(`/desk/${temple.id}/form-10bd.csv?year=${bad}`)).status, bad).toBe(404);
    }
    // Another temple's staff, and devotees, get nothing.
    expect((await donors[0]!.browser.get(`/desk/${temple.id}/form-10bd.csv?year=${year}`)).status).toBeGreaterThanOrEqual(400);
    const other = await signedIn({ email: "staff.madurai@sannidhi.example", password: "Staff@2026" });
    expect((await other.get(`/desk/${temple.id}/form-10bd.csv?year=${year}`)).status).toBe(404);
  }, 60_000);
});

describe("open books", () => {
  it("shows a verified temple's donations by month and purpose, folding small groups into 'other', and no names", async () => {
    const temple = await makeTemple({ verified: true });
    const donors = [];
    for (let i = 0; i < 6; i++) donors.push(await newCustomer());
    for (const [i, donor] of donors.entries()) {
      expect((await donateAt(donor.browser, temple, i < 5 ? temple.general : temple.renovation, "1000")).status).toBe(303);
      await payCart(donor.browser, donor.customerId);
    }
    const page = await new TestBrowser().get(`/t/${temple.slug}/donations`);
    expect(page.status).toBe(200);
    const text = await pageText(page);
    expect(text).toContain("6 donations, ₹6,000.00 in all");
    expect(text).toMatch(/Annadanam Fund\s*Meals for pilgrims\s*5\s*₹5,000.00/);
    expect(text).toMatch(/Other purposes\s*1\s*₹1,000.00/);
    expect(text).not.toMatch(/Temple Renovation\s*Repairs to the roof\s*1/);
    for (const donor of donors) expect(text).not.toContain(donor.user.name);

    const unverified = await makeTemple({ verified: false });
    expect((await new TestBrowser().get(`/t/${unverified.slug}/donations`)).status).toBe(404);
    const operator = await signedIn(OPERATOR);
    const across = await pageText(await operator.get("/operator/donations"));
    expect(across).toContain("Donations received");
    expect(across).toContain("By temple");
  }, 60_000);
});
