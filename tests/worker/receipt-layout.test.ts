/**
 * Issue 11 #2 (layout): a receipt with the largest amounts the forms allow and long
 * names prints every amount whole ("Rs. 2,00,00,000.00", not "Rs. 2,00,0.."), keeps
 * every cell inside its column, wraps names and runs over pages with the header again.
 */
import { PDFDocument } from "pdf-lib/dist/pdf-lib.esm.js";
import { describe, expect, it } from "vitest";
import { MAX_QUANTITY } from "~/domain/bookings";
import type { SheetLine } from "~/domain/desk-bookings.server";
import { renderDaySheetPdf } from "~/domain/desk-day-sheet-pdf.server";
import { pdfRupees, renderReceiptPdf, type ReceiptLine } from "~/lib/pdf-receipt.server";
import { pdfText } from "./pdf-helpers";

const RATE = 100_000_000; // ₹10,00,000.00 in paise, the largest rate the desk form takes
const POSTAGE = 99_999_99;

function line(n: number): ReceiptLine {
  const itemAmount = RATE * MAX_QUANTITY;
  const postalAmount = POSTAGE * MAX_QUANTITY;
  return {
    itemName: `Udayasthamana Pooja with Ashtadravya Ganapathi Homam ${n}`,
    devoteeName: "Venkatasubramanian Ramakrishna",
    starName: "Uthrattathi",
    pujaDate: "2027-12-31",
    amount: RATE,
    quantity: MAX_QUANTITY,
    postalCharge: POSTAGE,
    itemAmount,
    postalAmount,
    total: itemAmount + postalAmount,
    pan: null,
  };
}

describe("the receipt PDF", () => {
  it("prints the largest amounts whole, over several pages, with the header on each", async () => {
    const pujas = Array.from({ length: 50 }, (_, i) => line(i + 1));
    const total = pujas.reduce((sum, l) => sum + l.total, 0);
    const bytes = await renderReceiptPdf({
      siteName: "Sannidhi",
      supportEmail: "support@sannidhi.example",
      receiptNo: "SN-2026-009999",
      trackingNo: "TRK2026009999",
      bookingDate: "2026-11-23T10:00:00.000+05:30",
      paymentRef: "pay_largest",
      customerName: "Venkatasubramanian Ramakrishna",
      customerEmail: "v.ramakrishna@example.org",
      temples: [
        { templeName: "Sree Krishna Swamy Temple, Guruvayur, Thrissur District, Kerala", registration80g: null, templePan: null, pujas, donations: [], pujaTotal: total, donationTotal: 0, total },
      ],
      grandTotal: total,
    });
    const text = await pdfText(bytes.buffer as ArrayBuffer);
    const cells = text.split("\n");
    for (const amount of [pdfRupees(RATE), pdfRupees(RATE * MAX_QUANTITY), pdfRupees(POSTAGE * MAX_QUANTITY), pdfRupees(pujas[0]!.total)]) {
      expect(cells.filter((cell) => cell === amount).length, amount).toBeGreaterThanOrEqual(50);
    }
    expect(text).toContain(`Grand total: ${pdfRupees(total)}`);
    expect(text).not.toMatch(/\d\.\.|\d\.$/m);
    // The long devotee name is wrapped, not cut: its words all appear.
    expect(text).toContain("Venkatasubramanian");
    expect(text).toContain("Ramakrishna");
    const pdf = await PDFDocument.load(bytes);
    expect(pdf.getPageCount()).toBeGreaterThan(1);
    expect(cells.filter((cell) => cell === "Rate").length).toBe(pdf.getPageCount());
  });
});

describe("the desk's day sheet PDF", () => {
  it("wraps long puja and devotee names instead of cutting them", async () => {
    const long = { itemName: "Udayasthamana Pooja with Ashtadravya Maha Ganapathi Homam", devoteeName: "Venkatasubramanian Ramakrishna Iyer Narayanaswamy Krishnamurthy" };
    const lines = Array.from({ length: 40 }, (_, i) => ({
      ...long,
      starName: "Uthrattathi",
      quantity: 20,
      receiptNo: `SN-2026-${String(i).padStart(6, "0")}`,
      postal: true,
      prasadTrackingNo: null,
      done: false,
    })) as unknown as SheetLine[];
    const bytes = await renderDaySheetPdf({ siteName: "Sannidhi", templeName: "Sree Krishna Swamy Temple, Guruvayur", day: "2027-01-15", lines });
    const text = await pdfText(bytes.buffer as ArrayBuffer);
    for (const word of [...long.itemName.split(" "), ...long.devoteeName.split(" ")]) expect(text, word).toContain(word);
    expect(text).not.toMatch(/[a-z]\.$/m);
    expect((await PDFDocument.load(bytes)).getPageCount()).toBeGreaterThan(1);
  });
});
