/**
 * Issue 41: phone numbers as people type them, to the E.164 form WhatsApp and MSG91 take
 * (app/lib/phone/phone-number.ts); garbage is refused rather than guessed at.
 */
import { describe, expect, it } from "vitest";
import { normalizeMobile } from "~/domain/accounts/inputs";
import { e164Digits, isE164, toE164 } from "~/lib/phone/phone-number";

describe("toE164", () => {
  it("reads an Indian mobile however it is typed", () => {
    for (const typed of [
      "9845012345",
      "98450 12345",
      "98450-12345",
      "+91 98450-12345",
      "+91 98450 12345",
      "+919845012345",
      "09845012345",
      "919845012345",
      "91 98450 12345",
      "0091 98450 12345",
      " (+91) 98450.12345 ",
    ])
      expect(toE164(typed), typed).toBe("+919845012345");
    expect(toE164("6000000001")).toBe("+916000000001");
  });

  it("keeps a foreign number's own country code", () => {
    expect(toE164("+1 415 555 0100")).toBe("+14155550100");
    expect(toE164("+1 (415) 555-0100")).toBe("+14155550100");
    expect(toE164("+44 20 7946 0958")).toBe("+442079460958");
    expect(toE164("0044 20 7946 0958")).toBe("+442079460958");
    expect(toE164("+971 50 123 4567")).toBe("+971501234567");
  });

  it("refuses garbage, landlines' series and numbers of the wrong length", () => {
    for (const typed of [
      "",
      "   ",
      "hello",
      "98450 1234x",
      "98450",
      "984501234",
      "98450123456",
      "5845012345",
      "1234567890",
      "+91 5845012345",
      "+91 98450 1234",
      "+91 98450 123456",
      "+0 415 555 0100",
      "+1 415",
      "+1234567890123456",
      "++919845012345",
      "+91+9845012345",
      "9845012345; DROP TABLE",
      "٩٨٤٥٠١٢٣٤٥",
      "9".repeat(40),
    ])
      expect(toE164(typed), typed).toBeNull();
  });

  it("agrees with the sign-up form's mobile rule on every Indian mobile that rule accepts", () => {
    for (const typed of ["98450 12345", "+91 98450-12345", "09845012345", "919845012345", "7012345678"]) {
      expect(toE164(typed), typed).toBe(`+91${normalizeMobile(typed)}`);
    }
  });
});

describe("E.164 helpers", () => {
  it("tell the form and give the digits providers write", () => {
    expect(isE164("+919845012345")).toBe(true);
    expect(isE164("919845012345")).toBe(false);
    expect(isE164("+91 98450 12345")).toBe(false);
    expect(e164Digits("+919845012345")).toBe("919845012345");
  });
});
