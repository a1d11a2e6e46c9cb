/** The day sheet, its PDF, marking pujas done, prasad tracking numbers and puja videos uploaded in parts. */
import { env } from "cloudflare:workers";
import { PDFDocument } from "pdf-lib/dist/pdf-lib.esm.js";
import { beforeAll, describe, expect, it } from "vitest";
import { addDays } from "~/domain/bookings/cart/inputs";
import { DESK_MESSAGES } from "~/domain/bookings/desk/desk-inputs";
import { todayInIndia } from "~/lib/india-time";
import { outboxFor, pageText } from "../support/browser";
import { newCustomer } from "../support/bookings";
import { auditRows, paidLine, postRaw, signedIn, STAFF_A, templeOf } from "../support/staff";

let templeA: number;
beforeAll(async () => {
  templeA = await templeOf(STAFF_A.email);
});

const lineRow = (id: number) =>
  env.DB.prepare("select puja_status, prasad_tracking_no, video_key from transaction_lines where id = ?")
    .bind(id)
    .first<{ puja_status: string; prasad_tracking_no: string | null; video_key: string | null }>();

describe("the day sheet", () => {
  it("lists the day's pujas with devotee and star, prints them as a PDF and marks one done", async () => {
    const staff = await signedIn(STAFF_A);
    const line = await paidLine(templeA);
    const sheet = await pageText(await staff.get(`/desk/${templeA}/bookings?date=${line.pujaDate}`));
    expect(sheet).toContain(line.puja.name);
    expect(sheet).toContain("Meera Iyer");
    expect(sheet).toContain("Rohini");
    const pdf = await staff.get(`/desk/${templeA}/day-sheet/${line.pujaDate}`);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    const document = await PDFDocument.load(await pdf.arrayBuffer());
    expect(document.getTitle()).toContain(`Day sheet ${line.pujaDate}`);
    expect(document.getPageCount()).toBeGreaterThan(0);
    const done = await staff.post(`/desk/${templeA}/bookings`, {
      intent: "done",
      lineId: String(line.lineId),
      redirectTo: `/desk/${templeA}/bookings?date=${line.pujaDate}`,
    });
    expect(done.status).toBe(303);
    expect(done.headers.get("location")).toBe(`/desk/${templeA}/bookings?date=${line.pujaDate}`);
    expect((await lineRow(line.lineId))?.puja_status).toBe("done");
    expect(await auditRows("line.done", line.lineId)).toHaveLength(1);
    expect(await pageText(await staff.get(`/desk/${templeA}/bookings?date=${line.pujaDate}`))).toContain(DESK_MESSAGES.done);
  });

  it("saves a prasad tracking number, emails the devotee, and shows it in My Transactions", async () => {
    const staff = await signedIn(STAFF_A);
    // Prasad of pujas up to a week ahead is listed for dispatch.
    const line = await paidLine(templeA, addDays(todayInIndia(), 2));
    expect(await pageText(await staff.get(`/desk/${templeA}/dispatch`))).toContain(line.trackingNo.replace("TRK", "SN"));
    const bad = await staff.post(`/desk/${templeA}/dispatch`, { intent: "tracking", lineId: String(line.lineId), trackingNo: "x" });
    expect(bad.status).toBe(400);
    expect(await pageText(bad)).toContain(DESK_MESSAGES.trackingNo);
    const saved = await staff.post(`/desk/${templeA}/dispatch`, {
      intent: "tracking",
      lineId: String(line.lineId),
      trackingNo: "ek123456789in",
    });
    expect(saved.status).toBe(303);
    expect((await lineRow(line.lineId))?.prasad_tracking_no).toBe("EK123456789IN");
    const [mail] = await outboxFor(line.user.email);
    expect(mail?.subject).toBe("Prasad sent by post: tracking number EK123456789IN");
    expect(await pageText(await line.browser.get("/account?tab=transactions"))).toContain("EK123456789IN");
    expect(await auditRows("line.tracking", line.lineId)).toHaveLength(1);
  });
});

describe("puja videos", () => {
  it("goes up in parts (create, parts, complete) into R2; the owner streams it, anyone else gets 404", async () => {
    const staff = await signedIn(STAFF_A);
    const line = await paidLine(templeA);
    const base = `/desk/${templeA}/lines/${line.lineId}/video`;
    const created = await postRaw(staff, `${base}?step=create`, JSON.stringify({ type: "video/webm" }), "application/json");
    expect(created.status).toBe(200);
    const { key, uploadId } = await created.json<{ key: string; uploadId: string }>();
    expect(key).toMatch(new RegExp(`^videos/desk/t${templeA}/l${line.lineId}/`));
    // A WebM starts with its EBML header (DocType "webm"): the server checks part 1's first bytes.
    const first = new Uint8Array(5 * 1024 * 1024).fill(7);
    first.set([0x1a, 0x45, 0xdf, 0xa3, 0x87, 0x42, 0x82, 0x84, ...new TextEncoder().encode("webm")]);
    const second = new Uint8Array(1234).fill(9);
    const parts = [];
    for (const [index, bytes] of [first, second].entries()) {
      const query = new URLSearchParams({ step: "part", key, uploadId, partNumber: String(index + 1) });
      const part = await postRaw(staff, `${base}?${query}`, bytes, "application/octet-stream");
      expect(part.status).toBe(200);
      parts.push(await part.json<{ partNumber: number; etag: string }>());
    }
    const forged = await postRaw(
      staff,
      `${base}?step=complete`,
      JSON.stringify({ key: "videos/sample-puja.webm", uploadId, parts }),
      "application/json",
    );
    expect(forged.status).toBe(404);
    const done = await postRaw(staff, `${base}?step=complete`, JSON.stringify({ key, uploadId, parts }), "application/json");
    expect(done.status).toBe(200);
    expect((await lineRow(line.lineId))?.video_key).toBe(key);
    const object = await env.VIDEOS.head(key);
    expect(object?.size).toBe(first.length + second.length);
    expect(await auditRows("line.video", line.lineId)).toHaveLength(1);

    const video = `/videos/${encodeURIComponent(line.trackingNo)}/${line.lineId}`;
    const owner = await line.browser.get(video, { range: "bytes=0-9" });
    expect(owner.status).toBe(206);
    expect(new Uint8Array(await owner.arrayBuffer())).toEqual(first.slice(0, 10));
    const stranger = await newCustomer();
    expect((await stranger.browser.get(video)).status).toBe(404);
  });

  it("takes a small file in one form post when JavaScript is off, and refuses files that are not videos", async () => {
    const staff = await signedIn(STAFF_A);
    const line = await paidLine(templeA);
    const path = `/desk/${templeA}/lines/${line.lineId}/video`;
    const form = (file: File) => {
      const body = new FormData();
      body.set("redirectTo", `/desk/${templeA}/bookings`);
      body.set("video", file);
      return body;
    };
    const post = (body: FormData) => fetch_(staff, path, body);
    const wrong = await post(form(new File(["hello"], "notes.txt", { type: "text/plain" })));
    expect(wrong.status).toBe(303);
    expect((await lineRow(line.lineId))?.video_key).toBeNull();
    const mp4 = new Uint8Array(2048).fill(1);
    mp4.set([0, 0, 0, 0x10, ...new TextEncoder().encode("ftypisom"), 0, 0, 2, 0]);
    const right = await post(form(new File([mp4], "puja.mp4", { type: "video/mp4" })));
    expect(right.status).toBe(303);
    expect(right.headers.get("location")).toBe(`/desk/${templeA}/bookings`);
    const key = (await lineRow(line.lineId))?.video_key;
    expect(key).toMatch(/\.mp4$/);
    expect((await env.VIDEOS.head(key!))?.httpMetadata?.contentType).toBe("video/mp4");
  });
});

async function fetch_(browser: Awaited<ReturnType<typeof signedIn>>, path: string, body: FormData) {
  const { exports } = await import("cloudflare:workers");
  return exports.default.fetch(`${browser.origin}${path}`, {
    method: "POST",
    body,
    headers: { origin: browser.origin, cookie: browser.cookieHeader(), "cf-connecting-ip": browser.ip },
    redirect: "manual",
  });
}
