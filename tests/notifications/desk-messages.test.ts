/**
 * What the desk does, told to the devotee through the queue: a puja performed, its video ready
 * (once per line, however often a video is replaced), in the devotee's language.
 */
import { env, exports } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { outboxFor, type TestBrowser } from "../support/browser";
import { count } from "../support/bookings";
import { paidLine, signedIn, STAFF_A, templeOf } from "../support/staff";

let templeA: number;
beforeAll(async () => {
  templeA = await templeOf(STAFF_A.email);
});

const encoder = new TextEncoder();
/** The smallest MP4 start (an `ftyp` box, then an empty `mdat`), as the desk's upload accepts. */
const MP4 = new Uint8Array([
  ...[0, 0, 0, 0x18],
  ...encoder.encode("ftypisom"),
  ...[0, 0, 2, 0],
  ...encoder.encode("isommp41"),
  ...[0, 0, 0, 0x08],
  ...encoder.encode("mdat"),
  ...new Uint8Array(512).fill(0x11),
]);

/** The desk's upload without JavaScript: one small file. */
function uploadVideo(staff: TestBrowser, lineId: number) {
  const body = new FormData();
  body.set("redirectTo", `/desk/${templeA}/bookings`);
  body.set("video", new File([MP4], "puja.mp4", { type: "video/mp4" }));
  return exports.default.fetch(`${staff.origin}/desk/${templeA}/lines/${lineId}/video`, {
    method: "POST",
    body,
    headers: { origin: staff.origin, cookie: staff.cookieHeader(), "cf-connecting-ip": staff.ip },
    redirect: "manual",
  });
}

describe("the desk's work, told to the devotee", () => {
  it("a puja marked done: the devotee is told it was performed, in their language", async () => {
    const staff = await signedIn(STAFF_A);
    const line = await paidLine(templeA);
    await env.DB.prepare("update customers set language = 'ml' where id = ?").bind(line.customerId).run();
    const done = await staff.post(`/desk/${templeA}/bookings`, {
      intent: "done",
      lineId: String(line.lineId),
      redirectTo: `/desk/${templeA}/bookings`,
    });
    expect(done.status).toBe(303);
    // Malayalam: "<puja> നടത്തി" (performed), naming the devotee for whom.
    const told = (await outboxFor(line.user.email)).filter((mail) => mail.subject.endsWith("നടത്തി"));
    expect(told).toHaveLength(1);
    expect(told[0]!.text).toContain("നമസ്കാരം Meera");
    expect(told[0]!.text).toContain("Meera Iyer എന്ന പേരിൽ");
    expect(await count("select count(*) as n from notifications where kind = 'puja-performed' and line_id = ?", line.lineId)).toBe(1);
  });

  it("a video uploaded, then replaced: the devotee is told once that it is ready", async () => {
    const staff = await signedIn(STAFF_A);
    const line = await paidLine(templeA);
    expect((await uploadVideo(staff, line.lineId)).status).toBe(303);
    expect((await uploadVideo(staff, line.lineId)).status).toBe(303);
    const told = (await outboxFor(line.user.email)).filter((mail) => mail.subject.startsWith("The video of"));
    expect(told).toHaveLength(1);
    expect(told[0]!.text).toContain("is ready to watch.");
    expect(await count("select count(*) as n from notifications where kind = 'video-ready' and line_id = ?", line.lineId)).toBe(1);
  });
});
