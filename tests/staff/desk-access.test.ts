/** Who may open the temple desk: staff only for their own temples, operators everywhere, customers never. */
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { TestBrowser } from "../support/browser";
import { demoBrowser } from "../support/bookings";
import { OPERATOR, paidLine, pendingRequest, postRaw, signedIn, STAFF_A, STAFF_B, templeOf } from "../support/staff";

let templeA: number;
let templeB: number;

beforeAll(async () => {
  templeA = await templeOf(STAFF_A.email);
  templeB = await templeOf(STAFF_B.email);
});

const deskPages = (templeId: number) => [
  `/desk/${templeId}`,
  `/desk/${templeId}/bookings`,
  `/desk/${templeId}/dispatch`,
  `/desk/${templeId}/temple`,
  `/desk/${templeId}/pujas`,
  `/desk/${templeId}/donations`,
  `/desk/${templeId}/messages`,
  `/desk/${templeId}/day-sheet/2030-01-01`,
];

describe("temple desk permissions", () => {
  it("sends visitors to the login page", async () => {
    const response = await new TestBrowser().get(`/desk/${templeA}`);
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toMatch(/^\/login\?redirectTo=/);
  });

  it("refuses customers every desk page and action (403)", async () => {
    const customer = await demoBrowser();
    expect((await customer.get("/desk")).status).toBe(403);
    for (const path of deskPages(templeA)) expect((await customer.get(path)).status, path).toBe(403);
    const { requestId } = await pendingRequest(templeA);
    expect((await customer.post(`/desk/${templeA}?index`, { intent: "accept", requestId: String(requestId) })).status).toBe(403);
    const { lineId } = await paidLine(templeA);
    expect((await customer.post(`/desk/${templeA}/bookings`, { intent: "done", lineId: String(lineId) })).status).toBe(403);
    expect(
      (
        await postRaw(
          customer,
          `/desk/${templeA}/lines/${lineId}/video?step=create`,
          JSON.stringify({ type: "video/webm" }),
          "application/json",
        )
      ).status,
    ).toBe(403);
    const status = await env.DB.prepare("select status from requests where id = ?").bind(requestId).first<{ status: number }>();
    expect(status?.status).toBe(2);
  });

  it("lets staff open their own temple and hides every other temple (404)", async () => {
    const staff = await signedIn(STAFF_A);
    for (const path of deskPages(templeA)) expect((await staff.get(path)).status, path).toBe(200);
    for (const path of deskPages(templeB)) expect((await staff.get(path)).status, path).toBe(404);
    expect((await staff.get("/desk/999999")).status).toBe(404);
    expect((await staff.get("/desk/abc")).status).toBe(404);
  });

  it("refuses staff every change at another temple, even through their own temple's address", async () => {
    const staff = await signedIn(STAFF_A);
    const { requestId } = await pendingRequest(templeB);
    expect((await staff.post(`/desk/${templeB}?index`, { intent: "accept", requestId: String(requestId) })).status).toBe(404);
    expect((await staff.post(`/desk/${templeA}?index`, { intent: "accept", requestId: String(requestId) })).status).toBe(404);
    const line = await paidLine(templeB);
    expect((await staff.post(`/desk/${templeB}/bookings`, { intent: "done", lineId: String(line.lineId) })).status).toBe(404);
    expect((await staff.post(`/desk/${templeA}/bookings`, { intent: "done", lineId: String(line.lineId) })).status).toBe(404);
    expect(
      (await staff.post(`/desk/${templeA}/dispatch`, { intent: "tracking", lineId: String(line.lineId), trackingNo: "EK123456789IN" }))
        .status,
    ).toBe(404);
    const create = (templeId: number) =>
      postRaw(
        staff,
        `/desk/${templeId}/lines/${line.lineId}/video?step=create`,
        JSON.stringify({ type: "video/webm" }),
        "application/json",
      );
    expect((await create(templeB)).status).toBe(404);
    expect((await create(templeA)).status).toBe(404);
    const row = await env.DB.prepare(
      "select r.status, l.puja_status, l.prasad_tracking_no from requests r, transaction_lines l where r.id = ? and l.id = ?",
    )
      .bind(requestId, line.lineId)
      .first<{ status: number; puja_status: string; prasad_tracking_no: string | null }>();
    expect(row).toEqual({ status: 2, puja_status: "booked", prasad_tracking_no: null });
  });

  it("lets the operator open every temple's desk", async () => {
    const operator = await signedIn(OPERATOR);
    for (const path of [...deskPages(templeA), ...deskPages(templeB)]) expect((await operator.get(path)).status, path).toBe(200);
    expect((await operator.get("/desk/999999")).status).toBe(404);
  });

  it("refuses a cross-site form post before any desk code runs", async () => {
    const staff = await signedIn(STAFF_A);
    const { requestId } = await pendingRequest(templeA);
    const response = await staff.post(
      `/desk/${templeA}?index`,
      { intent: "accept", requestId: String(requestId) },
      { origin: "https://evil.example" },
    );
    expect(response.status).toBe(403);
    const row = await env.DB.prepare("select status from requests where id = ?").bind(requestId).first<{ status: number }>();
    expect(row?.status).toBe(2);
  });
});
