/**
 * What an uploaded file really is, from its first bytes (a declared type is only a claim).
 * Pure, so the desk's upload script can check a file before sending it and the server
 * checks it again. Videos: ISO BMFF (`ftyp` with a known brand) and WebM (EBML header,
 * DocType "webm"); images: PNG, JPEG, WebP. Anything else (HTML, SVG, executables) is refused.
 */

/** How many leading bytes the checks read (an `ftyp` box or EBML header fits well inside). */
export const SIGNATURE_BYTES = 4096;

export type VideoType = "video/mp4" | "video/webm" | "video/quicktime";
export type ImageType = "image/png" | "image/jpeg" | "image/webp";

const MP4_BRANDS = new Set([
  "isom",
  "iso2",
  "iso3",
  "iso4",
  "iso5",
  "iso6",
  "iso7",
  "iso8",
  "iso9",
  "mp41",
  "mp42",
  "mp71",
  "avc1",
  "hvc1",
  "hev1",
  "av01",
  "dash",
  "mmp4",
  "M4V ",
  "M4VH",
  "M4VP",
  "f4v ",
  "XAVC",
  "MSNV",
]);
const QUICKTIME_BRANDS = new Set(["qt  "]);

function ascii(bytes: Uint8Array, start: number, length: number): string {
  return String.fromCharCode(...bytes.subarray(start, start + length));
}

/** The major and compatible brands of a leading `ftyp` box, or null when there is none. */
function ftypBrands(bytes: Uint8Array): string[] | null {
  if (bytes.length < 12 || ascii(bytes, 4, 4) !== "ftyp") return null;
  const boxSize = ((bytes[0]! << 24) >>> 0) + (bytes[1]! << 16) + (bytes[2]! << 8) + bytes[3]!;
  if (boxSize < 16) return null;
  const end = Math.min(boxSize, bytes.length);
  const brands = [ascii(bytes, 8, 4)];
  for (let offset = 16; offset + 4 <= end; offset += 4) brands.push(ascii(bytes, offset, 4));
  return brands;
}

/** An EBML variable-length integer at `offset`: its value and length (marker removed when `strip`). */
function readVint(bytes: Uint8Array, offset: number, strip: boolean): { value: number; length: number } | null {
  const first = bytes[offset];
  if (first === undefined || first === 0) return null;
  const length = Math.clz32(first) - 23;
  if (length > 8 || offset + length > bytes.length) return null;
  let value = strip ? first & (0xff >> length) : first;
  for (let i = 1; i < length; i++) value = value * 256 + bytes[offset + i]!;
  return { value, length };
}

/** The DocType of a leading EBML header ("webm", "matroska"), or null when there is none. */
function ebmlDocType(bytes: Uint8Array): string | null {
  if (bytes.length < 5 || bytes[0] !== 0x1a || bytes[1] !== 0x45 || bytes[2] !== 0xdf || bytes[3] !== 0xa3) return null;
  const headerSize = readVint(bytes, 4, true);
  if (!headerSize) return null;
  let offset = 4 + headerSize.length;
  const end = Math.min(offset + headerSize.value, bytes.length);
  while (offset < end) {
    const id = readVint(bytes, offset, false);
    const size = id && readVint(bytes, offset + id.length, true);
    if (!id || !size) return null;
    const data = offset + id.length + size.length;
    if (id.value === 0x4282) return data + size.value <= bytes.length ? ascii(bytes, data, size.value) : null;
    offset = data + size.value;
  }
  return null;
}

/** Whether the first bytes of a file are a video of the declared type. */
export function isVideoContent(declared: string, bytes: Uint8Array): declared is VideoType {
  if (declared === "video/webm") return ebmlDocType(bytes) === "webm";
  const brands = ftypBrands(bytes);
  if (!brands) return false;
  // A file may list several brands (an iPhone MOV can also claim isom): any one will do.
  if (declared === "video/mp4") return brands.some((brand) => MP4_BRANDS.has(brand));
  if (declared === "video/quicktime") return brands.some((brand) => QUICKTIME_BRANDS.has(brand));
  return false;
}

/** The image type the first bytes show, or null (SVG and every other text format included). */
export function imageTypeOf(bytes: Uint8Array): ImageType | null {
  const starts = (...signature: number[]) => signature.every((byte, i) => bytes[i] === byte);
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return "image/png";
  if (starts(0xff, 0xd8, 0xff)) return "image/jpeg";
  if (bytes.length >= 12 && ascii(bytes, 0, 4) === "RIFF" && ascii(bytes, 8, 4) === "WEBP") return "image/webp";
  return null;
}

const SERVED_TYPES: Record<string, string> = {
  mp4: "video/mp4",
  webm: "video/webm",
  mov: "video/quicktime",
  png: "image/png",
  jpg: "image/jpeg",
  webp: "image/webp",
};

/**
 * Headers for serving an uploaded file. The type comes from the key's extension, which our
 * upload code sets only after checking the content; any other key is a download of bytes.
 */
export function uploadHeaders(key: string, name: string): Record<string, string> {
  const extension = /\.([a-z0-9]+)$/.exec(key)?.[1] ?? "";
  const type = SERVED_TYPES[extension];
  const base = name.replace(/[^A-Za-z0-9_-]/g, "_").slice(0, 100) || "file";
  return {
    "Content-Type": type ?? "application/octet-stream",
    "Content-Disposition": type ? `inline; filename="${base}.${extension}"` : `attachment; filename="${base}.bin"`,
    "X-Content-Type-Options": "nosniff",
    // Were it ever opened as a document, it could run nothing and load nothing.
    "Content-Security-Policy": "default-src 'none'; frame-ancestors 'none'; sandbox",
  };
}
