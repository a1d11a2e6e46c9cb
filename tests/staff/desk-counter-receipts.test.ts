/**
 * Counter receipts: after a sale the counter offers the receipt on an 80 mm roll and on A4, in
 * the language chosen at the sale; the roll is 80 mm wide and as long as the sale; the receipt
 * names every devotee (in any script) with star and gotra, the total in rupees with Indian
 * grouping, how it was paid and by whom, and the address that verifies it; a cancelled sale
 * is stamped and verifies as cancelled; another temple's staff find nothing.
 */
import { env } from "cloudflare:workers";
import { PDFDocument } from "pdf-lib/dist/pdf-lib.esm.js";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { receiptCode } from "~/domain/trust/receipt-codes.server";
import { todayInIndia } from "~/lib/india-time";
import { pageText, TestBrowser } from "../support/browser";
import { pdfText, pdfTextItems } from "../support/pdf-helpers";
import { signedIn, STAFF_A, STAFF_B, templeOf } from "../support/staff";
import { SECRET } from "../support/trust";
import { ownPuja } from "../support/own-puja";

// A PDF loads its fonts (five Indian scripts) on first use in a Worker.
vi.setConfig({ testTimeout: 30_000 });

const THERMAL_WIDTH = 226.77;
const A4_WIDTH = 595.28;
const RATE = 4_500_000; // ₹45,000.00: three devotees make ₹1,35,000.00, grouped the Indian way.
const DEVOTEES = [
  { name: "Lakshmi Narayanan", starId: "4", gotra: "Kashyapa" },
  { name: "ശ്രീദേവി അന്തർജനം", starId: "7", gotra: "ഭരദ്വാജ" },
  { name: "முருகன் சுப்பிரமணியம்", starId: "9", gotra: "ஸ்ரீவத்ஸ" },
];

let templeA: number;
beforeAll(async () => {
  templeA = await templeOf(STAFF_A.email);
});

/** Sells the puja at the counter to `count` devotees (UPI with a reference) and answers the sale page and the sale. */
async function sell(staff: TestBrowser, count: number, extra: Record<string, string> = {}) {
  const puja = await ownPuja(templeA, { capacity: 50, rate: RATE, label: "Receipt Puja" });
  const fields: Record<string, string> = {
    saleKey: crypto.randomUUID().replace(/-/g, ""),
    item: `puja-${puja.id}`,
    pujaDate: todayInIndia(),
    quantity: "1",
    payment: "upi",
    upiRef: "UPI556677889",
    ...extra,
  };
  DEVOTEES.slice(0, count).forEach((devotee, i) => {
    fields[`devotees[${i}].name`] = devotee.name;
    fields[`devotees[${i}].starId`] = devotee.starId;
    fields[`devotees[${i}].gotra`] = devotee.gotra;
  });
  const page = await staff.post(`/desk/${templeA}/counter?item=puja-${puja.id}`, fields);
  expect(page.status).toBe(200);
  const sale = await env.DB.prepare(
    "select t.id, t.tracking_no, t.receipt_no from transactions t join transaction_lines l on l.transaction_id = t.id where l.temple_puja_id = ? limit 1",
  )
    .bind(puja.id)
    .first<{ id: number; tracking_no: string; receipt_no: string }>();
  expect(sale, "the sale was recorded").toBeTruthy();
  return { page, sale: sale!, puja };
}

const receiptPath = (trackingNo: string, query: string, templeId = templeA) =>
  `/desk/${templeId}/counter/receipts/${trackingNo}/receipt.pdf?${query}`;

async function pdfOf(response: Response) {
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toBe("application/pdf");
  const bytes = new Uint8Array(await response.arrayBuffer());
  const pages = (await PDFDocument.load(bytes)).getPages();
  const items = await pdfTextItems(bytes);
  return { pages: pages.map((page) => page.getSize()), items, text: (await pdfText(bytes)).replace(/\s+/g, " ") };
}

describe("counter receipts", () => {
  it("offers both sizes after a sale, in the language chosen for the receipt", async () => {
    const staff = await signedIn(STAFF_A);
    const { page, sale } = await sell(staff, 1, { receiptLanguage: "ta" });
    const html = await page.text();
    const links = [...html.matchAll(/<a[^>]*href="([^"]*\/counter\/receipts\/[^"]*)"[^>]*>([^<]*)<\/a>/g)].map((match) => ({
      href: match[1]!.replace(/&amp;/g, "&"),
      text: match[2],
    }));
    expect(links).toEqual([
      { href: receiptPath(sale.tracking_no, "size=80mm&lang=ta"), text: "Print receipt (80 mm)" },
      { href: receiptPath(sale.tracking_no, "size=a4&lang=ta"), text: "Print receipt (A4)" },
    ]);
    const tamil = await pdfOf(await staff.get(links[0]!.href));
    expect(tamil.text).toContain("கவுண்டர் ரசீது");
    expect(tamil.text).not.toContain("Counter receipt");
  });

  it("prints on an 80 mm roll as long as the sale: devotees in any script, star, gotra, total, payment and the verify address", async () => {
    const staff = await signedIn(STAFF_A);
    const one = await sell(staff, 1);
    const three = await sell(staff, 3);
    const short = await pdfOf(await staff.get(receiptPath(one.sale.tracking_no, "size=80mm")));
    const long = await pdfOf(await staff.get(receiptPath(three.sale.tracking_no, "size=80mm")));
    for (const receipt of [short, long]) {
      expect(receipt.pages).toHaveLength(1);
      expect(Math.abs(receipt.pages[0]!.width - THERMAL_WIDTH)).toBeLessThanOrEqual(0.5);
    }
    expect(long.pages[0]!.height).toBeGreaterThan(short.pages[0]!.height + 100);
    // Everything is printed inside the head's 72 mm, and in type a counter's customer can read.
    const outside = long.items.filter((item) => item.x < 11 || item.x + item.width > THERMAL_WIDTH - 11 || item.y < 0);
    expect(outside.map((item) => item.text)).toEqual([]);
    expect(Math.min(...long.items.map((item) => item.size))).toBeGreaterThanOrEqual(8);

    const { text } = long;
    expect(text).toContain("Counter receipt");
    expect(text).toContain(three.sale.tracking_no);
    expect(text).toContain(three.sale.receipt_no);
    expect(text).toContain(three.puja.name);
    for (const devotee of DEVOTEES) {
      expect(text).toContain(devotee.name);
      expect(text).toContain(`Gotra: ${devotee.gotra}`);
    }
    expect(text).toMatch(/Star: \S+/);
    expect(text).toMatch(/Total ₹1,35,000\.00/);
    expect(text).toContain("Paid by UPI, reference UPI556677889");
    expect(text).toContain("Sold at the counter by");
    expect(text).not.toContain("Walk-in");
    const code = await receiptCode(SECRET, { id: three.sale.id, receiptNo: three.sale.receipt_no });
    expect(text).toContain(`/verify/${code}`);

    const verified = await pageText(await new TestBrowser().get(`/verify/${code}`));
    expect(verified).toContain("Genuine Sannidhi receipt");
    expect(verified).toContain("₹1,35,000.00");
    // The devotee the sale names, masked; never the walk-in account it is booked under.
    expect(verified).toContain("L. N*");
    expect(verified).not.toContain("W. d*");
  });

  it("prints the same receipt on A4", async () => {
    const staff = await signedIn(STAFF_A);
    const { sale } = await sell(staff, 3);
    const a4 = await pdfOf(await staff.get(receiptPath(sale.tracking_no, "size=a4")));
    expect(Math.abs(a4.pages[0]!.width - A4_WIDTH)).toBeLessThanOrEqual(0.5);
    for (const text of [sale.tracking_no, "Counter receipt", "Gotra: ஸ்ரீவத்ஸ", DEVOTEES[1]!.name, "₹1,35,000.00", "Paid by UPI"]) {
      expect(a4.text).toContain(text);
    }
    expect(a4.text).not.toContain("Booked by");
  });

  it("stamps a cancelled sale's receipt, and its verify page says it was cancelled", async () => {
    const staff = await signedIn(STAFF_A);
    const { sale } = await sell(staff, 1, { payment: "cash", upiRef: "" });
    await env.DB.prepare("update transactions set cancelled_at = ?, cancel_reason = 'Wrong puja chosen' where id = ?")
      .bind(new Date().toISOString(), sale.id)
      .run();
    const receipt = await pdfOf(await staff.get(receiptPath(sale.tracking_no, "size=80mm")));
    expect(receipt.text).toContain("Cancelled");
    expect(receipt.text).toContain("this receipt is no longer valid");
    expect(receipt.text).toContain("Reason: Wrong puja chosen");
    expect(receipt.text).toContain("Paid in cash");
    const code = await receiptCode(SECRET, { id: sale.id, receiptNo: sale.receipt_no });
    const verified = await pageText(await new TestBrowser().get(`/verify/${code}`));
    expect(verified).toContain("Cancelled receipt");
    expect(verified).toContain("the temple cancelled the sale");
    expect(verified).not.toContain("Genuine Sannidhi receipt");
  });

  it("lets the day sheet reprint a counter sale's receipt", async () => {
    const staff = await signedIn(STAFF_A);
    const { sale } = await sell(staff, 1);
    const sheet = await (await staff.get(`/desk/${templeA}/bookings?date=${todayInIndia()}`)).text();
    expect(sheet.replace(/&amp;/g, "&")).toContain(`href="${receiptPath(sale.tracking_no, "size=80mm")}"`);
  });

  it("finds nothing for another temple's staff, at either temple, nor for a size it does not print", async () => {
    const staff = await signedIn(STAFF_A);
    const { sale } = await sell(staff, 1);
    const other = await signedIn(STAFF_B);
    const templeB = await templeOf(STAFF_B.email);
    expect((await other.get(receiptPath(sale.tracking_no, "size=80mm"))).status).toBe(404);
    expect((await other.get(receiptPath(sale.tracking_no, "size=80mm", templeB))).status).toBe(404);
    expect((await staff.get(receiptPath(sale.tracking_no, "size=a5"))).status).toBe(404);
    expect((await staff.get(receiptPath("TRK0000000000", "size=80mm"))).status).toBe(404);
  });
});
