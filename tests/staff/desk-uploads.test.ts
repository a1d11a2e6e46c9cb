/**
 * Uploaded files are what they claim to be (issue 10 #12): videos by their first bytes
 * (ISO BMFF `ftyp` with a known brand, or an EBML header with DocType webm), temple
 * images likewise (PNG, JPEG, WebP; never SVG); they are served with nosniff and a
 * disposition; a temple has at most 3 multipart uploads open, and stale ones are aborted.
 */
import { env } from "cloudflare:workers";
import { createExecutionContext, createScheduledController, waitOnExecutionContext } from "cloudflare:test";
import builtWorker from "@sannidhi/built-worker";
import { beforeAll, describe, expect, it } from "vitest";
import { DESK_MESSAGES as M, MAX_OPEN_UPLOADS } from "~/domain/bookings/desk/desk-inputs";
import { TEMPLE_MESSAGES } from "~/domain/temples-admin/temple-inputs";
import sampleWebmUrl from "../../drizzle/fixtures/sample-puja.webm?inline";
import { newCustomer } from "../support/bookings";
import { OPERATOR, paidLine, postRaw, signedIn, STAFF_A, STAFF_B, templeOf } from "../support/staff";
import { setCookie } from "../support/cookie-jar";

type Browser = Awaited<ReturnType<typeof signedIn>>;

let templeA: number;
let templeB: number;
beforeAll(async () => {
  templeA = await templeOf(STAFF_A.email);
  templeB = await templeOf(STAFF_B.email);
});

const encoder = new TextEncoder();
const HTML = encoder.encode("<!doctype html><html><body><script>alert(document.cookie)</script></body></html>");
const ELF = new Uint8Array([0x7f, 0x45, 0x4c, 0x46, 0x02, 0x01, 0x01, 0x00, ...new Uint8Array(120).fill(0)]);
/** An `ftyp` box (isom, compatible isom/mp41) followed by an empty `mdat`: the smallest MP4 start. */
const MP4 = new Uint8Array([
  ...[0, 0, 0, 0x18],
  ...encoder.encode("ftypisom"),
  ...[0, 0, 2, 0],
  ...encoder.encode("isommp41"),
  ...[0, 0, 0, 0x08],
  ...encoder.encode("mdat"),
  ...new Uint8Array(512).fill(0x11),
]);
const PNG = new Uint8Array([
  0x89,
  0x50,
  0x4e,
  0x47,
  0x0d,
  0x0a,
  0x1a,
  0x0a,
  0,
  0,
  0,
  0x0d,
  ...encoder.encode("IHDR"),
  ...new Uint8Array(64),
]);
const SVG = encoder.encode('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');

const sampleWebm = Uint8Array.from(atob(sampleWebmUrl.slice(sampleWebmUrl.indexOf(",") + 1)), (c) => c.charCodeAt(0));

const lineRow = (id: number) =>
  env.DB.prepare("select video_key from transaction_lines where id = ?").bind(id).first<{ video_key: string | null }>();
const storedFor = async (templeId: number, lineId: number) =>
  (await env.VIDEOS.list({ prefix: `videos/desk/t${templeId}/l${lineId}/` })).objects;
const openUploads = async (templeId: number) =>
  (await env.DB.prepare("select count(*) as n from video_uploads where temple_id = ?").bind(templeId).first<{ n: number }>())!.n;

/** The message of the toast a post/redirect/get carries in its signed flash cookie. */
function toastOf(response: Response): string {
  const cookie = setCookie(response, "sn_toast");
  expect(cookie, "a toast cookie").toBeTruthy();
  const signed = decodeURIComponent(cookie!.split(";")[0]!.slice("sn_toast=".length));
  const json = new TextDecoder().decode(Uint8Array.from(atob(signed.slice(0, signed.lastIndexOf("."))), (c) => c.charCodeAt(0)));
  return (JSON.parse(json) as { message: string }).message;
}

async function postForm(browser: Browser, path: string, body: FormData) {
  const { exports } = await import("cloudflare:workers");
  return exports.default.fetch(`${browser.origin}${path}`, {
    method: "POST",
    body,
    headers: { origin: browser.origin, cookie: browser.cookieHeader(), "cf-connecting-ip": browser.ip },
    redirect: "manual",
  });
}

function singleUpload(browser: Browser, templeId: number, lineId: number, bytes: Uint8Array<ArrayBuffer>, type: string, name = "puja.mp4") {
  const body = new FormData();
  body.set("redirectTo", `/desk/${templeId}/bookings`);
  body.set("video", new File([bytes], name, { type }));
  return postForm(browser, `/desk/${templeId}/lines/${lineId}/video`, body);
}

const videoPath = (templeId: number, lineId: number) => `/desk/${templeId}/lines/${lineId}/video`;
const create = (browser: Browser, templeId: number, lineId: number, type = "video/mp4") =>
  postRaw(browser, `${videoPath(templeId, lineId)}?step=create`, JSON.stringify({ type }), "application/json");

async function started(browser: Browser, templeId: number, lineId: number, type = "video/mp4") {
  const response = await create(browser, templeId, lineId, type);
  expect(response.status).toBe(200);
  return response.json<{ key: string; uploadId: string }>();
}

const sendPart = (
  browser: Browser,
  templeId: number,
  lineId: number,
  upload: { key: string; uploadId: string },
  partNumber: number,
  bytes: Uint8Array<ArrayBuffer>,
) =>
  postRaw(
    browser,
    `${videoPath(templeId, lineId)}?${new URLSearchParams({ step: "part", ...upload, partNumber: String(partNumber) })}`,
    bytes,
    "application/octet-stream",
  );

const complete = (
  browser: Browser,
  templeId: number,
  lineId: number,
  upload: { key: string; uploadId: string },
  parts: { partNumber: number; etag: string }[],
) => postRaw(browser, `${videoPath(templeId, lineId)}?step=complete`, JSON.stringify({ ...upload, parts }), "application/json");

const abort = (browser: Browser, templeId: number, lineId: number, upload: { key: string; uploadId: string }) =>
  postRaw(browser, `${videoPath(templeId, lineId)}?step=abort`, JSON.stringify(upload), "application/json");

/** Whether R2 still takes parts for this multipart upload (false once aborted or completed). */
async function stillOpen(upload: { key: string; uploadId: string }) {
  try {
    await env.VIDEOS.resumeMultipartUpload(upload.key, upload.uploadId).uploadPart(2, new Uint8Array(16));
    return true;
  } catch {
    return false;
  }
}

/** Aborts every upload a test left open at a temple, so the cap starts from zero. */
async function clearOpenUploads(browser: Browser, templeId: number) {
  const { results } = await env.DB.prepare("select line_id, key, upload_id from video_uploads where temple_id = ?")
    .bind(templeId)
    .all<{ line_id: number; key: string; upload_id: string }>();
  for (const row of results)
    expect((await abort(browser, templeId, row.line_id, { key: row.key, uploadId: row.upload_id })).status).toBe(200);
  expect(await openUploads(templeId)).toBe(0);
}

describe("single (no-JavaScript) video uploads", () => {
  it("refuses an HTML page and an ELF binary declared as video/mp4, storing and linking nothing", async () => {
    const staff = await signedIn(STAFF_A);
    const line = await paidLine(templeA);
    for (const bytes of [HTML, ELF]) {
      const response = await singleUpload(staff, templeA, line.lineId, bytes, "video/mp4");
      expect(response.status).toBe(303);
      expect(toastOf(response)).toBe(M.videoContent);
    }
    expect((await lineRow(line.lineId))?.video_key).toBeNull();
    expect(await storedFor(templeA, line.lineId)).toHaveLength(0);
  });

  it("refuses content that does not match the declared type (a WebM sent as MP4)", async () => {
    const staff = await signedIn(STAFF_A);
    const line = await paidLine(templeA);
    const response = await singleUpload(staff, templeA, line.lineId, sampleWebm, "video/mp4");
    expect(toastOf(response)).toBe(M.videoContent);
    expect(await storedFor(templeA, line.lineId)).toHaveLength(0);
  });

  it("accepts a real WebM and a minimal MP4, and serves them with nosniff and an inline disposition", async () => {
    const staff = await signedIn(STAFF_A);
    for (const [bytes, type, extension] of [
      [sampleWebm, "video/webm", "webm"],
      [MP4, "video/mp4", "mp4"],
    ] as const) {
      const line = await paidLine(templeA);
      const response = await singleUpload(staff, templeA, line.lineId, bytes, type, `puja.${extension}`);
      expect(toastOf(response)).toBe(M.videoSaved);
      const key = (await lineRow(line.lineId))?.video_key;
      expect(key).toMatch(new RegExp(`\\.${extension}$`));
      expect((await env.VIDEOS.head(key!))?.httpMetadata?.contentType).toBe(type);
      const served = await line.browser.get(`/videos/${encodeURIComponent(line.trackingNo)}/${line.lineId}`, { range: "bytes=0-15" });
      expect(served.status).toBe(206);
      expect(served.headers.get("content-type")).toBe(type);
      expect(served.headers.get("x-content-type-options")).toBe("nosniff");
      expect(served.headers.get("content-disposition")).toMatch(new RegExp(`^inline; filename="[A-Za-z0-9._-]+\\.${extension}"$`));
      expect(new Uint8Array(await served.arrayBuffer())).toEqual(bytes.slice(0, 16));
    }
  });
});

describe("multipart video uploads", () => {
  it("refuses an HTML or ELF first part, aborts the upload and stores nothing", async () => {
    const staff = await signedIn(STAFF_A);
    await clearOpenUploads(staff, templeA);
    const line = await paidLine(templeA);
    for (const bytes of [HTML, ELF]) {
      const upload = await started(staff, templeA, line.lineId);
      const part = await sendPart(staff, templeA, line.lineId, upload, 1, bytes);
      expect(part.status).toBe(400);
      expect(await part.json()).toEqual({ error: M.videoContent });
      expect(await stillOpen(upload)).toBe(false);
      expect(await openUploads(templeA)).toBe(0);
      // The browser's complete after a refused part finds nothing to complete.
      expect((await complete(staff, templeA, line.lineId, upload, [{ partNumber: 1, etag: "x" }])).status).toBe(404);
    }
    expect((await lineRow(line.lineId))?.video_key).toBeNull();
    expect(await storedFor(templeA, line.lineId)).toHaveLength(0);
  });

  it("checks the assembled object on complete: a first part that escaped the check is deleted and refused", async () => {
    const staff = await signedIn(STAFF_A);
    await clearOpenUploads(staff, templeA);
    const line = await paidLine(templeA);
    const upload = await started(staff, templeA, line.lineId);
    // Written to R2 directly, as if the part step had been bypassed.
    const part = await env.VIDEOS.resumeMultipartUpload(upload.key, upload.uploadId).uploadPart(1, HTML);
    const response = await complete(staff, templeA, line.lineId, upload, [{ partNumber: part.partNumber, etag: part.etag }]);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: M.videoContent });
    expect(await env.VIDEOS.head(upload.key)).toBeNull();
    expect((await lineRow(line.lineId))?.video_key).toBeNull();
    expect(await openUploads(templeA)).toBe(0);
  });

  it("takes a real WebM and an MP4 in parts; the owner gets nosniff, the verified type and a disposition", async () => {
    const staff = await signedIn(STAFF_A);
    await clearOpenUploads(staff, templeA);
    for (const [bytes, type] of [
      [sampleWebm, "video/webm"],
      [MP4, "video/mp4"],
    ] as const) {
      const line = await paidLine(templeA);
      const upload = await started(staff, templeA, line.lineId, type);
      expect(await openUploads(templeA)).toBe(1);
      const part = await sendPart(staff, templeA, line.lineId, upload, 1, bytes);
      expect(part.status).toBe(200);
      const done = await complete(staff, templeA, line.lineId, upload, [await part.json()]);
      expect(done.status).toBe(200);
      expect((await lineRow(line.lineId))?.video_key).toBe(upload.key);
      expect(await openUploads(templeA)).toBe(0);
      const served = await line.browser.get(`/videos/${encodeURIComponent(line.trackingNo)}/${line.lineId}`);
      expect(served.status).toBe(200);
      expect(served.headers.get("content-type")).toBe(type);
      expect(served.headers.get("x-content-type-options")).toBe("nosniff");
      expect(served.headers.get("content-disposition")).toMatch(/^inline; filename="[A-Za-z0-9._-]+"$/);
      expect(new Uint8Array(await served.arrayBuffer())).toEqual(bytes);
    }
  });

  it("refuses a complete with more parts than the limit", async () => {
    const staff = await signedIn(STAFF_A);
    await clearOpenUploads(staff, templeA);
    const line = await paidLine(templeA);
    const upload = await started(staff, templeA, line.lineId);
    const parts = Array.from({ length: 1001 }, (_, i) => ({ partNumber: i + 1, etag: "e" }));
    expect((await complete(staff, templeA, line.lineId, upload, parts)).status).toBe(400);
    expect((await sendPart(staff, templeA, line.lineId, upload, 1001, MP4)).status).toBe(400);
    expect((await abort(staff, templeA, line.lineId, upload)).status).toBe(200);
    expect(await stillOpen(upload)).toBe(false);
  });
});

describe("open multipart uploads per temple", () => {
  it(`allows ${MAX_OPEN_UPLOADS} at once and refuses the next until one ends`, async () => {
    const staff = await signedIn(STAFF_A);
    await clearOpenUploads(staff, templeA);
    const line = await paidLine(templeA);
    const uploads = [];
    for (let i = 0; i < MAX_OPEN_UPLOADS; i++) uploads.push(await started(staff, templeA, line.lineId));
    const fourth = await create(staff, templeA, line.lineId);
    expect(fourth.status).toBe(429);
    expect(await fourth.json()).toEqual({ error: M.videoBusy });
    expect(await openUploads(templeA)).toBe(MAX_OPEN_UPLOADS);
    expect((await abort(staff, templeA, line.lineId, uploads[0]!)).status).toBe(200);
    expect(await stillOpen(uploads[0]!)).toBe(false);
    const again = await started(staff, templeA, line.lineId);
    await clearOpenUploads(staff, templeA);
    expect(await stillOpen(again)).toBe(false);
  });

  it("holds the cap when 5 creates race", async () => {
    const staff = await signedIn(STAFF_B);
    await clearOpenUploads(staff, templeB);
    const line = await paidLine(templeB);
    const answers = await Promise.all(Array.from({ length: 5 }, () => create(staff, templeB, line.lineId)));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 200, 429, 429]);
    expect(await openUploads(templeB)).toBe(MAX_OPEN_UPLOADS);
    await clearOpenUploads(staff, templeB);
  });

  it("refuses parts and completes for uploads that are not open at this temple", async () => {
    const staff = await signedIn(STAFF_A);
    await clearOpenUploads(staff, templeA);
    const line = await paidLine(templeA);
    // A multipart upload made outside the desk (never recorded) under a desk-shaped key.
    const key = `videos/desk/t${templeA}/l${line.lineId}/${crypto.randomUUID()}.mp4`;
    const stray = await env.VIDEOS.createMultipartUpload(key);
    const upload = { key, uploadId: stray.uploadId };
    expect((await sendPart(staff, templeA, line.lineId, upload, 1, MP4)).status).toBe(404);
    expect((await complete(staff, templeA, line.lineId, upload, [{ partNumber: 1, etag: "x" }])).status).toBe(404);
    await stray.abort();
  });
});

describe("housekeeping of stale multipart uploads", () => {
  it("aborts an upload older than the cutoff and its row, and leaves a fresh one", async () => {
    const operator = await signedIn(OPERATOR);
    const line = await paidLine(templeB);
    await clearOpenUploads(operator, templeB);
    const stale = await started(operator, templeB, line.lineId);
    const fresh = await started(operator, templeB, line.lineId);
    const sevenHoursAgo = new Date(Date.now() - 7 * 3600_000).toISOString();
    await env.DB.prepare("update video_uploads set created_at = ? where key = ?").bind(sevenHoursAgo, stale.key).run();

    const ctx = createExecutionContext();
    await builtWorker.scheduled(createScheduledController({ scheduledTime: Date.now(), cron: "*/15 * * * *" }), env, ctx);
    await waitOnExecutionContext(ctx);

    const keys = (
      await env.DB.prepare("select key from video_uploads where temple_id = ?").bind(templeB).all<{ key: string }>()
    ).results.map((r) => r.key);
    expect(keys).toEqual([fresh.key]);
    expect(await stillOpen(stale)).toBe(false);
    expect(await stillOpen(fresh)).toBe(true);
    await clearOpenUploads(operator, templeB);
  });
});

describe("temple images", () => {
  const upload = (browser: Browser, bytes: Uint8Array<ArrayBuffer>, type: string, name: string) => {
    const body = new FormData();
    body.set("intent", "image");
    body.set("image", new File([bytes], name, { type }));
    return postForm(browser, `/desk/${templeA}/temple`, body);
  };
  const imageUrl = async () =>
    (await env.DB.prepare("select image_url from temples where id = ?").bind(templeA).first<{ image_url: string }>())!.image_url;

  it("refuses HTML declared as PNG, and SVG in any form, changing nothing", async () => {
    const staff = await signedIn(STAFF_A);
    const before = await imageUrl();
    const stored = (await env.IMAGES.list({ prefix: `temple-images/${templeA}/` })).objects.length;
    for (const [bytes, type, name] of [
      [HTML, "image/png", "temple.png"],
      [SVG, "image/svg+xml", "temple.svg"],
      [SVG, "image/png", "temple.png"],
      [ELF, "image/jpeg", "temple.jpg"],
    ] as const) {
      const response = await upload(staff, bytes, type, name);
      expect(response.status).toBe(303);
      expect(toastOf(response)).toBe(TEMPLE_MESSAGES.image);
    }
    expect(await imageUrl()).toBe(before);
    expect((await env.IMAGES.list({ prefix: `temple-images/${templeA}/` })).objects).toHaveLength(stored);
  });

  it("takes a real PNG and serves it with nosniff, its verified type and an inline disposition", async () => {
    const staff = await signedIn(STAFF_A);
    const response = await upload(staff, PNG, "image/png", "temple.png");
    expect(toastOf(response)).toBe(TEMPLE_MESSAGES.imageSaved);
    const url = await imageUrl();
    expect(url).toMatch(new RegExp(`^/media/temple-images/${templeA}/[0-9a-f-]{36}\\.png$`));
    // Images live in their own bucket, apart from the devotees' private puja videos.
    const key = url.slice("/media/".length);
    expect(await env.IMAGES.head(key)).not.toBeNull();
    expect(await env.VIDEOS.head(key)).toBeNull();
    const visitor = await newCustomer();
    const served = await visitor.browser.get(url);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/png");
    expect(served.headers.get("x-content-type-options")).toBe("nosniff");
    expect(served.headers.get("content-disposition")).toMatch(/^inline; filename="[0-9a-f-]{36}\.png"$/);
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(PNG);
  });
});
