/** The one crypto module (issue 12): encodings, HMAC and comparison, against known answers. */
import { describe, expect, it } from "vitest";
import {
  fromBase64Url,
  hmacSha256,
  hmacSha256Hex,
  randomToken,
  textToBase64,
  timingSafeEqual,
  timingSafeEqualText,
  toBase64,
  toBase64Url,
  toHex,
} from "~/lib/crypto.server";

const utf8 = (text: string) => new TextEncoder().encode(text);

describe("encodings", () => {
  it("round-trips base64url, non-ASCII text and bytes that need - and _ included", () => {
    const text = "नमस्ते ₹108";
    expect(toBase64Url(utf8(text))).toBe("4KSo4KSu4KS44KWN4KSk4KWHIOKCuTEwOA");
    expect(new TextDecoder().decode(fromBase64Url(toBase64Url(utf8(text))))).toBe(text);
    const bytes = new Uint8Array([0xfb, 0xff, 0xfe, 0x00]);
    expect(toBase64Url(bytes)).toBe("-__-AA");
    expect(toBase64(bytes)).toBe("+//+AA==");
    expect([...fromBase64Url("-__-AA")]).toEqual([...bytes]);
    for (let length = 0; length < 5; length++) {
      const sample = new Uint8Array(length).map((_, i) => 250 - i);
      expect([...fromBase64Url(toBase64Url(sample))]).toEqual([...sample]);
    }
  });

  it("encodes text as UTF-8 for HTTP Basic credentials, where btoa alone would throw", () => {
    expect(textToBase64("rzp_test_ключ:सीक्रेट")).toBe("cnpwX3Rlc3Rf0LrQu9GO0Yc64KS44KWA4KSV4KWN4KSw4KWH4KSf");
    expect(textToBase64("rzp_test_key:secret")).toBe(btoa("rzp_test_key:secret"));
  });

  it("writes lower-case hex, two digits a byte", () => {
    expect(toHex(new Uint8Array([0, 9, 10, 255]))).toBe("00090aff");
  });

  it("makes random tokens of the asked size, URL-safe", () => {
    const token = randomToken(32);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(randomToken(32)).not.toBe(token);
    expect(randomToken(12)).toHaveLength(16);
  });
});

describe("HMAC-SHA256", () => {
  it("matches RFC 4231 test case 2 in hex and base64url", async () => {
    const expected = "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843";
    expect(await hmacSha256Hex("Jefe", "what do ya want for nothing?")).toBe(expected);
    expect(await hmacSha256("Jefe", "what do ya want for nothing?")).toBe("W9zBRr9gdU5qBCQmCJV1x1oAPwidJzmDnexYuWTsOEM");
  });
});

describe("constant-time comparison", () => {
  it("is equality, for bytes and for text, whatever the lengths", () => {
    expect(timingSafeEqual(utf8("abc"), utf8("abc"))).toBe(true);
    expect(timingSafeEqual(utf8("abc"), utf8("abd"))).toBe(false);
    expect(timingSafeEqual(utf8("abc"), utf8("abc\0"))).toBe(false);
    expect(timingSafeEqual(new Uint8Array(), new Uint8Array())).toBe(true);
    expect(timingSafeEqualText("₹", "₹")).toBe(true);
    expect(timingSafeEqualText("₹", "$")).toBe(false);
  });
});
