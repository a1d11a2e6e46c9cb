/**
 * Issue 27's rules: the QR code decodes to the verify address (read back by a reference decoder,
 * jsQR), receipt codes cannot be altered or invented, 80G covers only what it should, amounts in
 * Indian words, masks, and small groups folded on the open books.
 */
import { env } from "cloudflare:workers";
import jsQR from "jsqr";
import { describe, expect, it } from "vitest";
import { createDb } from "~/db/client.server";
import { qrCode, qrPath } from "~/lib/qr";
import { foldSmallGroups, groupDonations, MIN_DONATIONS_SHOWN } from "~/domain/trust/open-books";
import { findReceiptByCode } from "~/domain/bookings/records/verified-receipts.server";
import { parseReceiptCode, receiptCode, receiptVerifyUrl } from "~/domain/trust/receipt-codes.server";
import { coveredBy80g, financialYearOf, maskName, maskPan, registrationValidOn, rupeesInWords } from "~/domain/trust/tax";
import { documentsCheckSchema } from "~/domain/trust/inputs";

const SECRET = (env as unknown as { RECEIPT_CODE_SECRET: string }).RECEIPT_CODE_SECRET;

/** The code as black and white pixels (4 per module, a quiet zone of 4 modules), as a camera would see it printed. */
function pixels(url: string) {
  const { size, modules } = qrCode(url);
  const scale = 4;
  const side = (size + 8) * scale;
  const rgba = new Uint8ClampedArray(side * side * 4).fill(255);
  for (const [y, row] of modules.entries()) {
    for (const [x, dark] of row.entries()) {
      if (!dark) continue;
      for (let dy = 0; dy < scale; dy++)
        for (let dx = 0; dx < scale; dx++) {
          const at = (((y + 4) * scale + dy) * side + (x + 4) * scale + dx) * 4;
          rgba.fill(0, at, at + 3);
        }
    }
  }
  return { rgba, side };
}

describe("the receipt's QR code", () => {
  it("decodes to the verify address, read by a reference decoder", () => {
    for (const url of [
      receiptVerifyUrl("https://www.sannidhi.in", "3F-7KQ2MX8PAB"),
      receiptVerifyUrl("http://127.0.0.1:8800/", "ZZZZZZ-0123456789"),
    ]) {
      const { rgba, side } = pixels(url);
      expect(jsQR(rgba, side, side)?.data, url).toBe(url);
    }
  });

  it("is drawn as one path of the dark runs, covering every dark module", () => {
    const qr = qrCode("https://www.sannidhi.in/verify/3F-7KQ2MX8PAB");
    const path = qrPath(qr);
    const covered = [...path.matchAll(/M(\d+) (\d+)h(\d+)/g)].reduce((sum, [, , , run]) => sum + Number(run), 0);
    expect(covered).toBe(qr.modules.flat().filter(Boolean).length);
  });
});

describe("receipt codes", () => {
  it("find a real receipt and refuse one altered in any character or invented", async () => {
    const db = createDb(env.DB);
    const booking = await env.DB.prepare("select id, receipt_no, total from transactions where status = 0 order by id limit 1").first<{
      id: number;
      receipt_no: string;
      total: number;
    }>();
    const code = await receiptCode(SECRET, { id: booking!.id, receiptNo: booking!.receipt_no });
    expect(code).toMatch(/^[0-9A-HJKMNP-TV-Z]+-[0-9A-HJKMNP-TV-Z]{10}$/);
    const found = await findReceiptByCode(db, SECRET, code.toLowerCase());
    expect(found).toMatchObject({ receiptNo: booking!.receipt_no, total: booking!.total });
    // Every single-character change, in the booking part or the MAC, finds nothing.
    for (let i = 0; i < code.length; i++) {
      if (code[i] === "-") continue;
      const altered = `${code.slice(0, i)}${code[i] === "7" ? "8" : "7"}${code.slice(i + 1)}`;
      expect(await findReceiptByCode(db, SECRET, altered), altered).toBeNull();
    }
    expect(await findReceiptByCode(db, SECRET, `${code.split("-")[0]}-0000000000`)).toBeNull();
    expect(await findReceiptByCode(db, "another-secret-of-at-least-32-characters!!", code)).toBeNull();
    expect(await findReceiptByCode(db, SECRET, "not a code")).toBeNull();
    expect(parseReceiptCode("ILOU-0123456789")).toBeNull();
    // One spelling per receipt (letters in either case): another spelling of the same number is not a code.
    const [id, mac] = code.split("-");
    expect(parseReceiptCode(code.toLowerCase())).toEqual({ id: booking!.id, mac: mac });
    for (const other of [`0${code}`, `+${code}`, ` ${code}`, `${code} `, `${id}\u2010${mac}`]) {
      expect(parseReceiptCode(other), other).toBeNull();
    }
    // Non-ASCII letters whose capitals are ASCII (ſ is s, ﬀ is ff) do not spell one either.
    expect(parseReceiptCode("\u017f-0123456789")).toBeNull();
    expect(parseReceiptCode("\ufb00-0123456789")).toBeNull();
  });
});

describe("80G", () => {
  const registration = { registration80g: "AAATG1234KF20221", valid80gFrom: "2023-04-01", valid80gTo: "2027-03-31", renovationOnly: false };

  it("covers donations, never puja fees, and only within the registration's validity", () => {
    expect(coveredBy80g({ itemType: "DONATION", renovation: false }, registration, "2026-11-27")).toBe(true);
    expect(coveredBy80g({ itemType: "PUJA", renovation: false }, registration, "2026-11-27")).toBe(false);
    expect(coveredBy80g({ itemType: "DONATION", renovation: false }, registration, "2027-04-01")).toBe(false);
    expect(coveredBy80g({ itemType: "DONATION", renovation: false }, { ...registration, registration80g: null }, "2026-11-27")).toBe(false);
    expect(registrationValidOn({ ...registration, valid80gTo: null }, "2026-11-27")).toBe(false);
  });

  it("covers only renovation purposes under a renovation-only registration (80G(2)(b))", () => {
    const renovationOnly = { ...registration, renovationOnly: true };
    expect(coveredBy80g({ itemType: "DONATION", renovation: true }, renovationOnly, "2026-11-27")).toBe(true);
    expect(coveredBy80g({ itemType: "DONATION", renovation: false }, renovationOnly, "2026-11-27")).toBe(false);
  });

  it("writes amounts in Indian words", () => {
    expect(rupeesInWords(100_100)).toBe("Rupees One Thousand One Only");
    expect(rupeesInWords(12_505_050)).toBe("Rupees One Lakh Twenty-Five Thousand Fifty and Fifty Paise Only");
    expect(rupeesInWords(2_000_000_000)).toBe("Rupees Two Crore Only");
    expect(rupeesInWords(99_99_99_999)).toBe(
      "Rupees Ninety-Nine Lakh Ninety-Nine Thousand Nine Hundred Ninety-Nine and Ninety-Nine Paise Only",
    );
  });

  it("knows the financial year of a day", () => {
    expect(financialYearOf("2027-03-31")).toBe(2026);
    expect(financialYearOf("2027-04-01")).toBe(2027);
  });

  it("asks the operator for a bank account held by the trust itself", () => {
    const base = {
      intent: "documents",
      templeId: "1",
      trustName: "Guruvayur Devaswom",
      trustAddress: "East Nada, Guruvayur, Thrissur, Kerala",
      registrationNo: "KE/TR/1/1971",
      pan: "aaatg1234k",
      bankAccountHolder: "guruvayur devaswom.",
      authorisedPerson: "K. Raghavan",
      documentsSeen: "on",
    };
    expect(documentsCheckSchema.safeParse(base).success).toBe(true);
    expect(documentsCheckSchema.safeParse({ ...base, bankAccountHolder: "K. Raghavan" }).success).toBe(false);
    expect(documentsCheckSchema.safeParse({ ...base, registration80g: "AAATG1234KF20221" }).success, "80G without dates").toBe(false);
  });
});

describe("masks", () => {
  it("show a PAN's last four characters and a name's initials", () => {
    expect(maskPan("AKLPN4821Q")).toBe("******821Q");
    expect(maskName("Lakshmi Narayanan")).toBe("L. N********");
    expect(maskName("K. Narayanan")).toBe("K. N********");
    expect(maskName("Meera")).toBe("M****");
  });
});

describe("open books", () => {
  it("fold every group of fewer than 5 donations into one 'other' group, keeping the totals", () => {
    const rows = [
      { month: "2026-11", count: 7, total: 7000 },
      { month: "2026-10", count: 4, total: 400 },
      { month: "2026-09", count: 1, total: 100 },
      { month: "2026-11", count: 2, total: 200 },
    ];
    const folded = foldSmallGroups(groupDonations(rows, (r) => r.month));
    expect(folded).toEqual([
      { key: "2026-11", count: 9, total: 7200 },
      { key: null, count: 5, total: 500 },
    ]);
    expect(MIN_DONATIONS_SHOWN).toBe(5);
  });
});
