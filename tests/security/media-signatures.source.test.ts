/** The first-bytes checks behind every upload (issue 10 #12), as plain functions. */
import { describe, expect, it } from "vitest";
import { imageTypeOf, isVideoContent, uploadHeaders } from "~/lib/media-signatures";

const text = (value: string) => [...new TextEncoder().encode(value)];
const ftyp = (major: string, ...compatible: string[]) => {
  const size = 16 + 4 * compatible.length;
  return new Uint8Array([0, 0, 0, size, ...text("ftyp"), ...text(major), 0, 0, 0, 0, ...compatible.flatMap(text), ...text("....mdat")]);
};
const ebml = (docType: string) => {
  const docTypeElement = [0x42, 0x82, 0x80 | docType.length, ...text(docType)];
  const version = [0x42, 0x86, 0x81, 0x01];
  const body = [...version, ...docTypeElement];
  return new Uint8Array([0x1a, 0x45, 0xdf, 0xa3, 0x80 | body.length, ...body, 0x18, 0x53, 0x80, 0x67]);
};

describe("video signatures", () => {
  it("knows MP4 and MOV by their ftyp brands, major or compatible", () => {
    expect(isVideoContent("video/mp4", ftyp("isom", "isom", "mp41"))).toBe(true);
    expect(isVideoContent("video/mp4", ftyp("mp42"))).toBe(true);
    expect(isVideoContent("video/quicktime", ftyp("qt  ", "qt  "))).toBe(true);
    expect(isVideoContent("video/mp4", ftyp("qt  ", "qt  "))).toBe(false);
    expect(isVideoContent("video/mp4", ftyp("qt  ", "qt  ", "isom"))).toBe(true);
    expect(isVideoContent("video/quicktime", ftyp("isom"))).toBe(false);
    expect(isVideoContent("video/mp4", ftyp("heic", "mif1"))).toBe(false);
  });

  it("knows WebM by its EBML DocType, and refuses Matroska declared as WebM", () => {
    expect(isVideoContent("video/webm", ebml("webm"))).toBe(true);
    expect(isVideoContent("video/webm", ebml("matroska"))).toBe(false);
    expect(isVideoContent("video/mp4", ebml("webm"))).toBe(false);
    expect(isVideoContent("video/webm", ftyp("isom"))).toBe(false);
  });

  it("refuses HTML, ELF, empty and truncated starts, and types it does not know", () => {
    for (const bytes of [
      new Uint8Array(text("<!doctype html><script>")),
      new Uint8Array([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]),
      new Uint8Array(0),
      ftyp("isom").slice(0, 10),
      ebml("webm").slice(0, 9),
    ]) {
      for (const type of ["video/mp4", "video/webm", "video/quicktime"]) expect(isVideoContent(type, bytes)).toBe(false);
    }
    expect(isVideoContent("text/html", ftyp("isom"))).toBe(false);
  });
});

describe("image signatures", () => {
  it("knows PNG, JPEG and WebP and nothing else (SVG included)", () => {
    expect(imageTypeOf(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]))).toBe("image/png");
    expect(imageTypeOf(new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0]))).toBe("image/jpeg");
    expect(imageTypeOf(new Uint8Array([...text("RIFF"), 0, 0, 0, 0, ...text("WEBPVP8 ")]))).toBe("image/webp");
    expect(imageTypeOf(new Uint8Array([...text("RIFF"), 0, 0, 0, 0, ...text("WAVEfmt ")]))).toBeNull();
    expect(imageTypeOf(new Uint8Array(text('<svg xmlns="http://www.w3.org/2000/svg"/>')))).toBeNull();
    expect(imageTypeOf(new Uint8Array(text('<?xml version="1.0"?><svg/>')))).toBeNull();
  });
});

describe("serving uploads", () => {
  it("serves a known extension inline with its type, anything else as an attachment of bytes, always nosniff", () => {
    expect(uploadHeaders("videos/desk/t1/l2/x.webm", "puja-TRK-1-2")).toMatchObject({
      "Content-Type": "video/webm",
      "Content-Disposition": 'inline; filename="puja-TRK-1-2.webm"',
      "X-Content-Type-Options": "nosniff",
    });
    expect(uploadHeaders("videos/old/x.html", 'a"b\r\nc')).toMatchObject({
      "Content-Type": "application/octet-stream",
      "Content-Disposition": 'attachment; filename="a_b__c.bin"',
      "X-Content-Type-Options": "nosniff",
    });
  });
});
