/**
 * Issue 14: names in Indian scripts are drawn shaped — conjuncts, reordered vowel signs and
 * stacked marks as HarfBuzz lays them out with the Noto font — not glyph by glyph.
 *
 * For each name the receipt draws, the glyphs in the PDF (CIDs of an embedded subset font)
 * are mapped back to the original font by their outlines and compared with HarfBuzz's
 * shaping of the same text; the naive one-glyph-per-character drawing must differ, so the
 * test would catch text that was merely mapped through the font's cmap.
 */
import fontkit from "@pdf-lib/fontkit";
import { describe, expect, it, vi } from "vitest";
import { renderReceiptPdf } from "~/domain/bookings/records/receipt-pdf.server";
import { qrCode } from "~/lib/qr";
import { withLocale } from "~/lib/locale.server";
import { loadPdfFont } from "~/lib/pdf-fonts.server";
import { embeddedFonts, pdfText, pdfTextItems } from "../support/pdf-helpers";

// A PDF loads its fonts on first use in a Worker and may draw many pages: slower than a page.
vi.setConfig({ testTimeout: 30_000 });

const NAMES = {
  Devanagari: ["श्रीकृष्ण शर्मा", "क्षेत्रपाल त्रिपाठी", "सिद्धि विनायक"],
  Malayalam: ["ശ്രീകൃഷ്ണൻ നായർ", "ഗുരുവായൂർ ക്ഷേത്രം", "സ്വാമി അയ്യപ്പൻ"],
  Tamil: ["ஸ்ரீ கிருஷ்ணன்", "மீனாட்சி சுந்தரேஸ்வரர்", "கொண்டை"],
  Telugu: ["శ్రీకృష్ణ రావు", "వేంకటేశ్వర స్వామి", "లక్ష్మీ"],
  Kannada: ["ಶ್ರೀಕೃಷ್ಣ ಭಟ್", "ಮಂಜುನಾಥ ಸ್ವಾಮಿ", "ಕ್ಷೇತ್ರ"],
} as const;

async function receiptFor(names: string[]) {
  const line = (name: string, i: number) => ({
    itemName: `Archana ${i + 1}`,
    devoteeName: name,
    starName: null,
    pujaDate: null,
    amount: 10_000,
    quantity: 1,
    postalCharge: 0,
    itemAmount: 10_000,
    postalAmount: 0,
    total: 10_000,
  });
  const pujas = names.map(line);
  const total = pujas.length * 10_000;
  return renderReceiptPdf({
    siteName: "Sannidhi",
    supportEmail: "support@sannidhi.example",
    receiptNo: "SN-2026-000001",
    trackingNo: "TRK2026000001",
    bookingDate: "2026-11-23",
    paymentRef: null,
    customerName: "Test",
    customerEmail: "test@example.org",
    temples: [
      {
        templeName: "Temple",
        registration80g: null,
        templePan: null,
        eightyG: null,
        pujas,
        donations: [],
        pujaTotal: total,
        donationTotal: 0,
        total,
      },
    ],
    grandTotal: total,
    verification: {
      code: "1-0000000000",
      url: "https://sannidhi.example/verify/1-0000000000",
      qr: qrCode("https://sannidhi.example/verify/1-0000000000"),
    },
  });
}

const outline = (font: ReturnType<typeof fontkit.create>, glyphId: number) => font.getGlyph(glyphId).path.toSVG();

describe("names in Indian scripts in the PDFs", () => {
  for (const [script, names] of Object.entries(NAMES)) {
    it(`draws ${script} names with HarfBuzz's glyphs, not one glyph per character`, async () => {
      const bytes = await receiptFor([...names]);
      const items = await pdfTextItems(bytes);
      const programs = await embeddedFonts(bytes, 1);
      const original = await loadPdfFont(script as keyof typeof NAMES);
      for (const name of names) {
        const item = items.find((candidate) => candidate.text === name);
        expect(item, name).toBeDefined();
        // Every glyph comes from the script's own font.
        const fonts = new Set(item!.glyphs.map((glyph) => glyph.font));
        expect(fonts.size, name).toBe(1);
        const subset = fontkit.create(programs.get([...fonts][0]!)!);
        const drawn = item!.glyphs.map((glyph) => outline(subset, glyph.cid));

        const codePoints = [...name].map((char) => char.codePointAt(0)!);
        const shaped = original.shaping.shape(codePoints).map((glyph) => outline(original.font, glyph.glyphId));
        expect(drawn, `${name}: the glyphs HarfBuzz chose`).toEqual(shaped);

        const naive = codePoints.map((code) => outline(original.font, original.font.glyphForCodePoint(code).id));
        expect(drawn, `${name}: shaped, not character by character`).not.toEqual(naive);
      }
    });
  }

  it("draws Latin text and ₹ with the fonts' own outlines, every glyph of every line (regular and bold)", async () => {
    const bytes = await receiptFor(["Venkatasubramanian Ramakrishna", "K. Narayanan (Guruvayur)"]);
    const items = await pdfTextItems(bytes);
    const programs = await embeddedFonts(bytes, 1);
    const checked = items.filter((item) => /^[\x20-\x7E₹]+$/.test(item.text));
    expect(checked.map((item) => item.text)).toEqual(
      expect.arrayContaining(["Sannidhi", "Booking receipt", "Venkatasubramanian Ramakrishna", "Grand total: ₹200.00"]),
    );
    for (const item of checked) {
      const original = await loadPdfFont(item.font.includes("sansBold") ? "sansBold" : "sans");
      const subset = fontkit.create(programs.get(item.font)!);
      const drawn = item.glyphs.map((glyph) => outline(subset, glyph.cid));
      const shaped = original.shaping
        .shape([...item.text].map((char) => char.codePointAt(0)!))
        .map((glyph) => outline(original.font, glyph.glyphId));
      expect(drawn, item.text).toEqual(shaped);
      expect(drawn.filter((path) => path === "").length, `${item.text}: no blank glyph but spaces`).toBe(item.text.split(" ").length - 1);
    }
  });

  it("places each glyph where HarfBuzz advances it (the drawn width is the shaped width)", async () => {
    const names = Object.values(NAMES).flat();
    const bytes = await receiptFor(names);
    const items = await pdfTextItems(bytes);
    for (const [script, list] of Object.entries(NAMES)) {
      const original = await loadPdfFont(script as keyof typeof NAMES);
      for (const name of list) {
        const item = items.find((candidate) => candidate.text === name)!;
        const advance = original.shaping
          .shape([...name].map((char) => char.codePointAt(0)!))
          .reduce((sum, glyph) => sum + glyph.xAdvance, 0);
        expect(item.width, name).toBeCloseTo((advance * item.size) / original.shaping.upem, 2);
      }
    }
  });

  it("keeps a receipt small: fonts are subset to the glyphs drawn", async () => {
    const bytes = await receiptFor(Object.values(NAMES).flat());
    // Seven fonts embedded (Latin regular and bold, five scripts) would be over 1.4 MB whole.
    expect(bytes.byteLength).toBeLessThan(120 * 1024);
  });
});

describe("punctuation the scripts share, in the PDFs", () => {
  // Glyph 0 of every embedded subset is .notdef: a box where the font has no glyph.
  const NOTDEF = 0;

  it("prints the Hindi receipt's dandas as dandas, not as '[other script]'", async () => {
    const bytes = await withLocale("hi", () => receiptFor(["श्रीकृष्ण शर्मा"]));
    const text = await pdfText(bytes);
    expect(text).toContain("बुकिंग और भुगतान रद्द नहीं किए जा सकते। डाक से भेजे गए प्रसाद");
    expect(text).not.toMatch(/\[(other script|\w+ text)\]/);
    const items = await pdfTextItems(bytes);
    for (const item of items.filter((candidate) => candidate.text.includes("।")))
      expect(
        item.glyphs.map((glyph) => glyph.cid),
        item.text,
      ).not.toContain(NOTDEF);
  });

  for (const [script, names] of Object.entries(NAMES)) {
    it(`draws the danda, double danda, digits and ₹ inside ${script} text with the script's own font`, async () => {
      const line = `${names[2]}। ₹108॥`;
      const bytes = await receiptFor([line]);
      const item = (await pdfTextItems(bytes)).find((candidate) => candidate.text === line);
      expect(item, line).toBeDefined();
      expect(new Set(item!.glyphs.map((glyph) => glyph.font)).size, "one font for the whole line").toBe(1);
      expect(item!.glyphs.map((glyph) => glyph.cid)).not.toContain(NOTDEF);
    });
  }

  it("draws a danda after Latin text with an Indian script's font, not as a box", async () => {
    const line = "Om Namah Shivaya। Hari Om॥";
    const bytes = await receiptFor([line]);
    const item = (await pdfTextItems(bytes)).find((candidate) => candidate.text === line);
    expect(item, line).toBeDefined();
    expect(item!.glyphs.map((glyph) => glyph.cid)).not.toContain(NOTDEF);
  });
});
