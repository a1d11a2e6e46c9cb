import { env } from "cloudflare:workers";
import { describe, expect, it, onTestFinished } from "vitest";
import { monthYear } from "~/domain/text";
import { todayInIndia } from "~/lib/india-time";
import { pageText, signIn, TestBrowser } from "../support/browser";
import { newCustomer } from "../support/bookings";
import { OPERATOR, signedIn } from "../support/staff";
import { removeTransfers, transferFor } from "../support/payout-transfers";
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

/** A new staff member of the temple, signed in. */
async function staffAt(templeId: number) {
  const { user, customerId } = await newCustomer();
  await env.DB.batch([
    env.DB.prepare("update customers set role = 'staff' where id = ?").bind(customerId),
    env.DB.prepare("insert into temple_staff (customer_id, temple_id) values (?, ?)").bind(customerId, templeId),
  ]);
  const staff = new TestBrowser();
  expect((await signIn(staff, user.email, user.password)).status).toBe(302);
  return staff;
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
    const staff = await staffAt(temple.id);
    const page = await staff.get(`/desk/${temple.id}/settlement`);
    expect(page.status).toBe(200);
    const html = await page.text();
    const chart = chartIn(html);
    const month = monthYear(todayInIndia().slice(0, 7), "en");
    expect(chart.title).toBe("The last 12 months");
    // Twelve months of five series; only this month has money: no linked account, so Sannidhi pays it out outside the portal.
    expect(chart.figures).toHaveLength(60);
    expect(chart.figures).toContain(`${month} · Paid out outside the portal: ₹5,000.00`);
    expect(chart.figures).toContain(`${month} · Transferred: ₹0.00`);
    const text = await pageText(new Response(html));
    expect(text).toMatch(/The last 12 months Month Transferred Held Paid out outside the portal Platform fee with GST Reversed/);
    expect(text).toContain(`${month} ₹0.00 ₹0.00 ₹5,000.00 ₹0.00 ₹0.00`);
    // Each month of the table opens its own statement.
    expect(html).toContain(`<a href="?month=${todayInIndia().slice(0, 7)}">${month}</a>`);
  }, 60_000);

  it("draws the settlement's transfers: transferred, held, the platform's fee with GST and reversals, beside their table", async () => {
    const temple = await templeWithDonations();
    const lines = await env.DB.prepare("select id, transaction_id as tx from transaction_lines where temple_id = ? order by id")
      .bind(temple.id)
      .all<{ id: number; tx: number }>();
    onTestFinished(() => removeTransfers(lines.results.map((line) => line.tx)));
    const [first, second, third, fourth] = lines.results;
    // Each ₹1,000 line: a 5% fee of ₹50 and GST of ₹9 on it, ₹941 to the temple; the fifth has no transfer.
    await transferFor(first!.id, { status: "processed", percentBasisPoints: 500 });
    await transferFor(second!.id, {
      status: "processed",
      percentBasisPoints: 500,
      settlement: { ref: "setl_CHART1", utr: "UTRCHART1", at: new Date().toISOString() },
    });
    await transferFor(third!.id, { status: "created", percentBasisPoints: 500, onHold: true, holdUntil: null });
    await transferFor(fourth!.id, { status: "reversed", percentBasisPoints: 500, reversedAmount: 941_00 });
    const staff = await staffAt(temple.id);
    const html = await (await staff.get(`/desk/${temple.id}/settlement`)).text();
    const month = monthYear(todayInIndia().slice(0, 7), "en");
    const chart = chartIn(html);
    expect(chart.figures).toEqual(
      expect.arrayContaining([
        `${month} · Transferred: ₹2,823.00`,
        `${month} · Held: ₹941.00`,
        `${month} · Paid out outside the portal: ₹1,000.00`,
        `${month} · Platform fee with GST: ₹236.00`,
        `${month} · Reversed: ₹941.00`,
      ]),
    );
    expect(await pageText(new Response(html))).toContain(`${month} ₹2,823.00 ₹941.00 ₹1,000.00 ₹236.00 ₹941.00`);
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
