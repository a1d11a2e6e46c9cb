/**
 * Issue 11 #2: receipts and day sheets with the largest amounts the forms allow and the
 * longest names print every amount whole, with the ₹ sign and Indian grouping as the pages
 * show it; no cell runs into the next column (widths from the embedded font's own metrics);
 * names wrap; long tables run over pages with the header again; names in Indian scripts print
 * as themselves (their shaping is checked glyph by glyph in pdf-shaping.test.ts).
 */
import { env } from "cloudflare:workers";
import { PDFDocument } from "pdf-lib/dist/pdf-lib.esm.js";
import { describe, expect, it, vi } from "vitest";
import { MAX_QUANTITY } from "~/domain/bookings/cart/inputs";
import type { SheetLine } from "~/domain/bookings/desk/performing.server";
import { renderDaySheetPdf } from "~/domain/bookings/desk/day-sheet-pdf.server";
import { formatRupees } from "~/domain/text";
import { renderReceiptPdf, type ReceiptLine, type ReceiptTemple } from "~/domain/bookings/records/receipt-pdf.server";
import { qrCode } from "~/lib/qr";
import { newCustomer } from "../support/bookings";
import { type PdfTextItem, pdfTextItems, tableLayoutProblems } from "../support/pdf-helpers";

// A PDF loads its fonts on first use in a Worker and may draw many pages: slower than a page.
vi.setConfig({ testTimeout: 30_000 });

const A4 = { portrait: 595.28, landscape: 841.89 };
const PUJA_TABLE = [
  { label: "Puja", align: "left" },
  { label: "Devotee", align: "left" },
  { label: "Rate", align: "right" },
  { label: "Qty", align: "right" },
  { label: "Amount", align: "right" },
  { label: "Postage", align: "right" },
  { label: "Total", align: "right" },
] as const;
const DONATION_TABLE = [
  { label: "Donation", align: "left" },
  { label: "In the name of", align: "left" },
  { label: "Amount", align: "right" },
  { label: "Qty", align: "right" },
  { label: "Total", align: "right" },
] as const;
const DAY_SHEET_TABLE = ["Puja", "Devotee", "Star", "Qty", "Receipt", "Post", "Done"].map((label) => ({ label, align: "left" as const }));

/** Names at the longest the forms take: devotee 60 (booking form), puja 80 (catalogue), temple 120 (desk). */
const DEVOTEE_60 = "Venkatasubramanian Ramakrishna Iyer Narayanaswamy Krishnamur";
const PUJA_80 = "Udayasthamana Pooja with Ashtadravya Maha Ganapathi Homam and Bhagavathi Sevaaaa";
const TEMPLE_120 =
  "Sree Guruvayurappan Mahavishnu Kshetram Devaswom, Guruvayur, Chavakkad Taluk, Thrissur District, Kerala State, South India";
/** The largest figures the forms take: rate and postage ₹99,99,999.99 (desk), donations ₹10,00,000.00. */
const MAX_RATE = 999_999_999;
const MAX_DONATION = 100_000_000;

/** A character the font could not draw: "?" where no word ends in one ("Questions?" is fine), or U+FFFD. */
const UNDRAWN = /(^|[^\w])\?|\?\?|\uFFFD/m;
const count = (items: PdfTextItem[], text: string) => items.filter((item) => item.text === text).length;
const words = (items: PdfTextItem[]) => new Set(items.flatMap((item) => item.text.split(/\s+/)));

function pujaLine(amount: number, postalCharge: number, n: number, names: Partial<ReceiptLine> = {}): ReceiptLine {
  const itemAmount = amount * MAX_QUANTITY;
  const postalAmount = postalCharge * MAX_QUANTITY;
  return {
    itemName: `${PUJA_80.slice(0, 77)} ${String(n).padStart(2, "0")}`,
    devoteeName: DEVOTEE_60,
    starName: "Pooruruttathi",
    pujaDate: "2027-12-31",
    amount,
    quantity: MAX_QUANTITY,
    postalCharge,
    itemAmount,
    postalAmount,
    total: itemAmount + postalAmount,
    ...names,
  };
}

function receipt(temples: ReceiptTemple[]) {
  return renderReceiptPdf({
    siteName: "Sannidhi",
    supportEmail: "support@sannidhi.example",
    receiptNo: "SN-2026-009999",
    trackingNo: "TRK2026009999",
    bookingDate: "2026-11-23T10:00:00.000+05:30",
    paymentRef: "pay_largest",
    customerName: "Venkatasubramanian Ramakrishna",
    customerEmail: "v.ramakrishna@example.org",
    temples,
    grandTotal: temples.reduce((sum, temple) => sum + temple.total, 0),
    verification: {
      code: "9Z-0000000000",
      url: "https://sannidhi.example/verify/9Z-0000000000",
      qr: qrCode("https://sannidhi.example/verify/9Z-0000000000"),
    },
  });
}

function temple(pujas: ReceiptLine[], donations: ReceiptLine[] = [], templeName = TEMPLE_120): ReceiptTemple {
  const pujaTotal = pujas.reduce((sum, l) => sum + l.total, 0);
  const donationTotal = donations.reduce((sum, l) => sum + l.total, 0);
  return {
    templeName,
    registration80g: donations.length ? "AAATS1234F/80G/2024-25" : null,
    templePan: "AAATS1234F",
    eightyG: null,
    pujas,
    donations,
    pujaTotal,
    donationTotal,
    total: pujaTotal + donationTotal,
  };
}

describe("the receipt PDF", () => {
  it("prints the largest amounts the forms allow whole, with ₹, and keeps every cell in its column over several pages", async () => {
    const pujas = Array.from({ length: 50 }, (_, i) => pujaLine(MAX_RATE, MAX_RATE, i + 1));
    const donations = Array.from({ length: 10 }, (_, i) => ({
      ...pujaLine(MAX_DONATION, 0, i + 1),
      itemName: `Annadanam for the poor ${i + 1}`,
      starName: null,
      pujaDate: null,
      postalAmount: 0,
    }));
    const bytes = await receipt([temple(pujas, donations)]);
    const items = await pdfTextItems(bytes);

    expect(count(items, "₹99,99,999.99"), "rate").toBe(50);
    expect(count(items, "₹19,99,99,999.80"), "amount and postage").toBe(100);
    expect(count(items, "₹39,99,99,999.60"), "line total").toBe(50);
    expect(count(items, "₹10,00,000.00"), "donation amount").toBe(10);
    expect(count(items, "₹2,00,00,000.00"), "donation total").toBe(10);
    const grand = [...pujas, ...donations].reduce((sum, l) => sum + l.total, 0);
    expect(formatRupees(grand)).toBe("₹20,19,99,99,980.00");
    expect(items.map((item) => item.text)).toContain(`Grand total: ${formatRupees(grand)}`);
    expect(
      items.some((item) => /Rs\.|\d\.\.|\d\.$/.test(item.text) || UNDRAWN.test(item.text)),
      "no Rs., no ?, no cut figure",
    ).toBe(false);
    for (const word of [...DEVOTEE_60.split(" "), ...PUJA_80.slice(0, 77).split(" "), ...TEMPLE_120.split(" ")])
      expect(words(items), word).toContain(word);

    const pages = (await PDFDocument.load(bytes)).getPageCount();
    expect(pages).toBeGreaterThan(2);
    const pujaPages = new Set(items.filter((item) => item.text === "₹99,99,999.99").map((item) => item.page));
    const headerPages = new Set(items.filter((item) => item.text === "Rate").map((item) => item.page));
    expect([...headerPages], "the puja header on every page the table runs over").toEqual([...pujaPages]);
    expect(tableLayoutProblems(items, [...PUJA_TABLE], { pageWidth: A4.portrait, margin: 50, gap: 4, endsAt: "Donation" })).toEqual([]);
    expect(tableLayoutProblems(items, [...DONATION_TABLE], { pageWidth: A4.portrait, margin: 50, gap: 4 })).toEqual([]);
    // The fonts are subset to what the receipt uses.
    expect(bytes.byteLength).toBeLessThan(200 * 1024);
  });

  it("prints names in Indian scripts as themselves, in their columns; a script without a font is named, never '????'", async () => {
    const scripts = {
      Malayalam: "ശ്രീകൃഷ്ണൻ നായർ",
      Devanagari: "श्रीकृष्ण शर्मा",
      Tamil: "ஸ்ரீ கிருஷ்ணன்",
      Telugu: "శ్రీకృష్ణ రావు",
      Kannada: "ಶ್ರೀಕೃಷ್ಣ ಭಟ್",
    };
    const pujas = [...Object.values(scripts), "শ্রীকৃষ্ণ দাস"].map((name, i) => pujaLine(15_000, 0, i + 1, { devoteeName: name }));
    const bytes = await receipt([temple(pujas, [], "ഗുരുവായൂർ ശ്രീകൃഷ്ണ ക്ഷേത്രം (Guruvayur)")]);
    const items = await pdfTextItems(bytes);
    for (const name of Object.values(scripts)) expect(count(items, name), name).toBe(1);
    expect(items.map((item) => item.text)).toContain("ഗുരുവായൂർ ശ്രീകൃഷ്ണ ക്ഷേത്രം (Guruvayur)");
    expect(count(items, "[Bengali text]"), "no Bengali font is embedded").toBe(1);
    expect(items.map((item) => item.text).join("\n")).not.toMatch(UNDRAWN);
    expect(count(items, formatRupees(15_000))).toBe(6);
    expect(tableLayoutProblems(items, [...PUJA_TABLE], { pageWidth: A4.portrait, margin: 50, gap: 4 })).toEqual([]);
  });

  it("downloads from My Transactions for a 50-line booking of ₹10,00,000.00 × 20 with long names", async () => {
    const { browser, customerId } = await newCustomer();
    const place = await env.DB.prepare("select district_id, state_id from temples limit 1").first<{
      district_id: number;
      state_id: number;
    }>();
    const stamp = crypto.randomUUID().slice(0, 8);
    const templeRow = await env.DB.prepare(
      "insert into temples (slug, name, display_name, image_url, district_id, state_id) values (?, ?, ?, '', ?, ?) returning id",
    )
      .bind(`longest-${stamp}`, TEMPLE_120, TEMPLE_120, place!.district_id, place!.state_id)
      .first<{ id: number }>();
    const star = await env.DB.prepare("select id, name from stars order by length(name) desc limit 1").first<{
      id: number;
      name: string;
    }>();
    const rate = 100_000_000; // ₹10,00,000.00
    const postage = 50_000; // ₹500.00
    const lineTotal = (rate + postage) * MAX_QUANTITY;
    const tx = await env.DB.prepare(
      "insert into transactions (customer_id, booking_date, receipt_no, tracking_no, status, total) values (?, '2026-11-23', ?, ?, 0, ?) returning tracking_no",
    )
      .bind(customerId, `SN-L-${stamp}`, `TRK-L-${stamp}`, lineTotal * 50)
      .first<{ tracking_no: string }>();
    const lines = Array.from({ length: 50 }, (_, i) =>
      env.DB.prepare(
        `insert into transaction_lines (transaction_id, item_type, temple_id, item_name, devotee_name, star_id, puja_date, quantity, amount, postal_charge)
         values ((select id from transactions where tracking_no = ?), 'PUJA', ?, ?, 'Venkatasubramanian Ramakrishna', ?, '2027-01-15', ?, ?, ?)`,
      ).bind(tx!.tracking_no, templeRow!.id, `Sahasranama Archana with Pushpanjali ${i + 1}`, star!.id, MAX_QUANTITY, rate, postage),
    );
    await env.DB.batch(lines);

    const response = await browser.get(`/account/transactions/${tx!.tracking_no}/receipt.pdf`);
    expect(response.status).toBe(200);
    const bytes = await response.arrayBuffer();
    const items = await pdfTextItems(bytes);
    expect(count(items, "₹10,00,000.00")).toBe(50);
    expect(count(items, "₹2,00,00,000.00")).toBe(50);
    expect(count(items, "₹10,000.00")).toBe(50);
    expect(count(items, "₹2,00,10,000.00")).toBe(50);
    expect(items.map((item) => item.text)).toContain(`Grand total: ${formatRupees(lineTotal * 50)}`);
    expect(formatRupees(lineTotal * 50)).toBe("₹1,00,05,00,000.00");
    expect(count(items, "Venkatasubramanian") + count(items, "Venkatasubramanian Ramakrishna")).toBe(50);
    expect(count(items, `Star: ${star!.name}`)).toBe(50);
    for (const word of TEMPLE_120.split(" ")) expect(words(items), word).toContain(word);
    const pages = (await PDFDocument.load(bytes)).getPageCount();
    expect(pages).toBeGreaterThan(1);
    expect(count(items, "Rate")).toBe(pages);
    expect(tableLayoutProblems(items, [...PUJA_TABLE], { pageWidth: A4.portrait, margin: 50, gap: 4 })).toEqual([]);
  });
});

describe("the desk's day sheet PDF", () => {
  const sheetLine = (i: number, names: Partial<SheetLine> = {}) =>
    ({
      itemName: PUJA_80,
      devoteeName: DEVOTEE_60,
      starName: "Pooruruttathi",
      quantity: MAX_QUANTITY,
      receiptNo: `SN-2026-${String(i).padStart(6, "0")}`,
      postal: true,
      prasadTrackingNo: i % 2 ? "EK123456789IN" : null,
      done: i % 3 === 0,
      ...names,
    }) as unknown as SheetLine;

  it("wraps the longest puja and devotee names, keeps every cell in its column and repeats the header", async () => {
    const bytes = await renderDaySheetPdf({
      siteName: "Sannidhi",
      templeName: TEMPLE_120,
      day: "2027-01-15",
      lines: Array.from({ length: 40 }, (_, i) => sheetLine(i)),
    });
    const items = await pdfTextItems(bytes);
    for (const word of [...PUJA_80.split(" "), ...DEVOTEE_60.split(" "), ...TEMPLE_120.split(" ")])
      expect(words(items), word).toContain(word);
    expect(items.some((item) => /[a-z]\.$/.test(item.text) || UNDRAWN.test(item.text))).toBe(false);
    const pages = (await PDFDocument.load(bytes)).getPageCount();
    expect(pages).toBeGreaterThan(1);
    expect(count(items, "Receipt")).toBe(pages);
    expect(tableLayoutProblems(items, DAY_SHEET_TABLE, { pageWidth: A4.landscape, margin: 40, gap: 4 })).toEqual([]);
  });

  it("prints names in Indian scripts as themselves", async () => {
    const bytes = await renderDaySheetPdf({
      siteName: "Sannidhi",
      templeName: "ഗുരുവായൂർ ക്ഷേത്രം",
      day: "2027-01-15",
      lines: [sheetLine(1, { devoteeName: "ശ്രീകൃഷ്ണൻ നായർ", itemName: "ನಿತ್ಯ ಪೂಜೆ" }), sheetLine(2, { devoteeName: "श्रीकृष्ण शर्मा" })],
    });
    const items = await pdfTextItems(bytes);
    for (const name of ["ഗുരുവായൂർ ക്ഷേത്രം", "ശ്രീകൃഷ്ണൻ നായർ", "ನಿತ್ಯ ಪೂಜೆ", "श्रीकृष्ण शर्मा"]) expect(count(items, name), name).toBe(1);
    expect(items.map((item) => item.text).join("\n")).not.toMatch(UNDRAWN);
    expect(tableLayoutProblems(items, DAY_SHEET_TABLE, { pageWidth: A4.landscape, margin: 40, gap: 4 })).toEqual([]);
  });
});
