import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { monthYear } from "~/domain/text";
import { todayInIndia } from "~/lib/india-time";
import { pageText, signIn, TestBrowser } from "../support/browser";
import { newCustomer } from "../support/bookings";
import { OPERATOR, signedIn } from "../support/staff";
import { donateAt, makeTemple, payCart } from "../support/trust";

/** The chart's SVG: role="img", labelled by its own <title>, whose text is returned with the figures its bars and dots carry. */
function chartIn(html: string) {
  const svg = html.match(/<svg[^>]*role="img"[^>]*>[\s\S]*?<\/svg>/)?.[0];
  expect(svg, "a chart").toBeDefined();
  const labelledBy = svg!.match(/aria-labelledby="([^"]+)"/)![1];
  const title = svg!.match(new RegExp(`<title id="${labelledBy}">([^<]*)</title>`))?.[1];
  const figures = [...svg!.matchAll(/<(?:rect|circle)[^>]*><title>([^<]*)<\/title>/g)].map((match) => match[1]!.replace(/&#x27;/g, "'"));
  return { title, figures };
}

/** Five donations of ₹1,000 to a new verified temple, paid today. */
async function templeWithDonations() {
  const temple = await makeTemple({ verified: true });
  for (let i = 0; i < 5; i++) {
    const donor = await newCustomer();
    expect((await donateAt(donor.browser, temple, temple.general, "1000")).status).toBe(303);
    await payCart(donor.browser, donor.customerId);
  }
  return temple;
}

describe("charts", () => {
  it("draws a temple's donations by month beside the table of the same figures, and the page stays edge-cacheable", async () => {
    const temple = await templeWithDonations();
    const month = monthYear(todayInIndia().slice(0, 7), "en");
    const page = await new TestBrowser().get(`/t/${temple.slug}/donations`);
    expect(page.status).toBe(200);
    expect(page.headers.get("cache-control")).toMatch(/^public/);
    const html = await page.text();
    const chart = chartIn(html);
    expect(chart.title).toBe("Donations received per month, the last 12 months");
    expect(chart.figures).toEqual([`${month} · Total received: ₹5,000.00`]);
    expect(await pageText(new Response(html))).toContain(`${month} 5 ₹5,000.00`);
  }, 60_000);

  it("draws the settlement's last 12 months, with a table of the same figures", async () => {
    const temple = await templeWithDonations();
    const { user, customerId } = await newCustomer();
    await env.DB.batch([
      env.DB.prepare("update customers set role = 'staff' where id = ?").bind(customerId),
      env.DB.prepare("insert into temple_staff (customer_id, temple_id) values (?, ?)").bind(customerId, temple.id),
    ]);
    const staff = new TestBrowser();
    expect((await signIn(staff, user.email, user.password)).status).toBe(302);
    const page = await staff.get(`/desk/${temple.id}/settlement`);
    expect(page.status).toBe(200);
    const html = await page.text();
    const chart = chartIn(html);
    const month = monthYear(todayInIndia().slice(0, 7), "en");
    expect(chart.title).toBe("The last 12 months");
    // Twelve months of three series; only this month has money, all of it paid out by the portal.
    expect(chart.figures).toHaveLength(36);
    expect(chart.figures).toContain(`${month} · Paid out by the portal: ₹5,000.00`);
    expect(chart.figures).toContain(`${month} · Received at the temple: ₹0.00`);
    const text = await pageText(new Response(html));
    expect(text).toMatch(/The last 12 months Month Paid out by the portal Received at the temple Cancelled at the counter/);
    expect(text).toContain(`${month} ₹5,000.00 ₹0.00 ₹0.00`);
  }, 60_000);

  it("draws the operator's ledger as the month by day, each day's dots the figures of its table row", async () => {
    const temple = await templeWithDonations();
    const operator = await signedIn(OPERATOR);
    const page = await operator.get(`/operator/ledger?templeId=${temple.id}`);
    expect(page.status).toBe(200);
    const html = await page.text();
    const chart = chartIn(html);
    const today = todayInIndia();
    expect(chart.title).toBe("The month by day");
    expect(chart.figures).toContain(`${today} · Received: ₹5,000.00`);
    expect(chart.figures).toContain(`${today} · Booked: ₹5,000.00`);
    expect(await pageText(new Response(html))).toMatch(new RegExp(`${today} 5 ₹5,000.00 ₹5,000.00 ₹0.00`));
  }, 60_000);

  it("shows an empty state, not an empty chart, when a month has no payments", async () => {
    const operator = await signedIn(OPERATOR);
    const html = await (await operator.get("/operator/ledger?month=2020-01")).text();
    expect(html).not.toMatch(/<svg[^>]*role="img"/);
    expect(await pageText(new Response(html))).toContain("The month by day No payments this month.");
  }, 60_000);
});
