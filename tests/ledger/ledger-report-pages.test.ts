/**
 * Issue 44: the operator's ledger sends the browser only what it shows. The day's reconciliation report lists its
 * payments a page at a time (its counts over the whole day), and the temple filter is a search for a temple with
 * bookings in the month, not a list of every such temple. Each test books in a month of its own (years ahead).
 */
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it, onTestFinished } from "vitest";
import { pageText } from "../support/browser";
import { newCustomer } from "../support/bookings";
import { OPERATOR, signedIn } from "../support/staff";
import { makeTemple } from "../support/trust";
import { bookedLine, removeBookings } from "./support/fee-rows";
import { gatewayPayment, refund } from "./support/ledger-rows";

const MONTH = "2039-05";
const DAY = "2039-05-11";
const PAGE = 50;
/** The day's payments, oldest first. */
let refs: string[];

beforeAll(async () => {
  const { customerId } = await newCustomer();
  const line = { templeId: 1, itemType: "DONATION" as const, amount: 10_100, quantity: 1, postalCharge: 0 };
  refs = [];
  // 53 payments a minute apart from 09:00 India (03:30 UTC), each refunded (the month's "not matched" list stays empty).
  for (let i = 0; i < PAGE + 3; i++) {
    const paidAt = new Date(Date.parse(`${DAY}T03:30:00.000Z`) + i * 60_000).toISOString();
    const payment = await gatewayPayment(customerId, [line], paidAt);
    await refund(customerId, payment, "refunded", paidAt);
    refs.push(payment.paymentRef);
  }
});

describe("the day's reconciliation report", () => {
  it("lists the day's payments 50 at a time, oldest first, with the day's counts over all of them", async () => {
    const operator = await signedIn(OPERATOR);
    const first = await operator.get(`/operator/ledger?month=${MONTH}&day=${DAY}`);
    expect(first.status).toBe(200);
    const html = await first.text();
    const text = await pageText(new Response(html));
    for (const ref of refs.slice(0, PAGE)) expect(html).toContain(ref);
    for (const ref of refs.slice(PAGE)) expect(html).not.toContain(ref);
    expect(text).toContain("Payments 1–50 of 53");
    // The day's figures count every payment, not the listed ones: 53 payments, 53 refunds.
    expect(html).toMatch(/<dt>Payments<\/dt><dd>53<\/dd>/);
    expect(html).toMatch(/<dt>Refunds<\/dt><dd>53<\/dd>/);
    expect(text).not.toContain("Earlier payments");
    const later = /href="([^"]*page=2[^"]*)"[^>]*>Later payments</.exec(html)?.[1]?.replaceAll("&amp;", "&");
    expect(later).toBeDefined();
    expect(later).toContain(`day=${DAY}`);

    const second = await operator.get(`/operator/ledger${later!.slice(later!.indexOf("?"))}`);
    const secondHtml = await second.text();
    for (const ref of refs.slice(PAGE)) expect(secondHtml).toContain(ref);
    for (const ref of refs.slice(0, PAGE)) expect(secondHtml).not.toContain(ref);
    const secondText = await pageText(new Response(secondHtml));
    expect(secondText).toContain("Payments 51–53 of 53");
    expect(secondText).toContain("Earlier payments");
    expect(secondText).not.toContain("Later payments");
  });

  it("shows the last page for a page past the day's end, and refuses a page that is not a number", async () => {
    const operator = await signedIn(OPERATOR);
    const past = await pageText(await operator.get(`/operator/ledger?month=${MONTH}&day=${DAY}&page=40`));
    expect(past).toContain("Payments 51–53 of 53");
    const notANumber = await operator.get(`/operator/ledger?month=${MONTH}&day=${DAY}&page=two`);
    expect(notANumber.status).toBe(400);
    // The message names the search the page has, not the list of temples it had before.
    expect(await pageText(notANumber)).toContain("Choose a month (YYYY-MM) and, if you like, a temple found with “Find a temple”.");
    expect((await operator.get(`/operator/ledger?month=${MONTH}&day=${DAY}&page=0`)).status).toBe(400);
  });
});

describe("the ledger's temple filter", () => {
  it("finds temples with bookings in the month by part of their name, and no other", async () => {
    const tag = crypto.randomUUID().slice(0, 8);
    const [booked, quiet] = [await makeTemple({ verified: true }), await makeTemple({ verified: true })];
    const named = (id: number, name: string) => env.DB.prepare("update temples set display_name = ? where id = ?").bind(name, id).run();
    await named(booked.id, `Sri Ledger ${tag} Sivan Temple`);
    await named(quiet.id, `Sri Ledger ${tag} Devi Temple`);
    const ids = [await bookedLine(booked.id, "2039-06-15", 25100), await bookedLine(quiet.id, "2039-07-01", 25100)];
    onTestFinished(() => removeBookings(ids));
    const operator = await signedIn(OPERATOR);

    const plain = await (await operator.get("/operator/ledger?month=2039-06")).text();
    // No list of the month's temples is sent: the filter is a search box.
    expect(plain).not.toContain('name="templeId"');
    expect(plain).not.toContain(`Sri Ledger ${tag}`);

    const found = await (await operator.get(`/operator/ledger?month=2039-06&temple=${encodeURIComponent(`ledger ${tag}`)}`)).text();
    const link = new RegExp(`href="([^"]*templeId=${booked.id}[^"]*)"[^>]*>Sri Ledger ${tag} Sivan Temple<`).exec(found)?.[1];
    expect(link).toBeDefined();
    expect(link).toContain("month=2039-06");
    expect(found).not.toContain(`Sri Ledger ${tag} Devi Temple`);

    const none = await pageText(await operator.get(`/operator/ledger?month=2039-06&temple=${encodeURIComponent(`${tag} Devi`)}`));
    expect(none).toContain(`No temple with bookings in this month matches “${tag} Devi”.`);

    const chosen = await pageText(await operator.get(`/operator/ledger?month=2039-06&templeId=${booked.id}`));
    expect(chosen).toContain(`Sri Ledger ${tag} Sivan Temple`);
    expect(chosen).toContain("All temples");
  });
});
