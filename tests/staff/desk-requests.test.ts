/** Answering requests at the desk: accept, decline with a reason, offer another date; the devotee is emailed. */
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { DESK_MESSAGES } from "~/domain/bookings/desk/desk-inputs";
import { outboxFor, pageText } from "../support/browser";
import { auditRows, dayFor, pendingRequest, signedIn, STAFF_A, templeOf } from "../support/staff";

let templeA: number;
beforeAll(async () => {
  templeA = await templeOf(STAFF_A.email);
});

const requestRow = (id: number) =>
  env.DB.prepare("select status, puja_date, staff_note from requests where id = ?")
    .bind(id)
    .first<{ status: number; puja_date: string; staff_note: string | null }>();

describe("answering requests at the temple desk", () => {
  it("lists a pending request and accepts it: status 1, an email, an audit row, and the devotee can add it to the cart", async () => {
    const staff = await signedIn(STAFF_A);
    const { requestId, user, browser, puja } = await pendingRequest(templeA);
    expect(await pageText(await staff.get(`/desk/${templeA}`))).toContain(puja.name);
    const response = await staff.post(`/desk/${templeA}?index`, {
      intent: "accept",
      requestId: String(requestId),
      redirectTo: `/desk/${templeA}`,
    });
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe(`/desk/${templeA}`);
    expect((await requestRow(requestId))?.status).toBe(1);
    const [mail] = await outboxFor(user.email);
    expect(mail?.subject).toBe(`Your puja request was accepted: ${puja.name}`);
    expect(mail?.text).toContain("Add it to your cart");
    const [audit] = await auditRows("request.accept", requestId);
    expect(audit?.actor).toBe(STAFF_A.email);
    expect(audit?.temple_id).toBe(templeA);
    expect(await pageText(await staff.get(`/desk/${templeA}`))).toContain(DESK_MESSAGES.accepted("Meera Iyer"));
    const added = await browser.post("/cart", { intent: "add-request", requestId: String(requestId) });
    expect(added.status).toBe(303);
    expect(added.headers.get("location")).toBe("/cart");
  });

  it("declines only with a reason, stores it as the staff note and emails it", async () => {
    const staff = await signedIn(STAFF_A);
    const { requestId, user } = await pendingRequest(templeA);
    const empty = await staff.post(`/desk/${templeA}?index`, { intent: "reject", requestId: String(requestId), reason: " no " });
    expect(empty.status).toBe(400);
    expect(await pageText(empty)).toContain(DESK_MESSAGES.reason);
    expect((await requestRow(requestId))?.status).toBe(2);
    const reason = "Fully booked on this date";
    expect((await staff.post(`/desk/${templeA}?index`, { intent: "reject", requestId: String(requestId), reason })).status).toBe(303);
    expect(await requestRow(requestId)).toMatchObject({ status: 3, staff_note: reason });
    const [mail] = await outboxFor(user.email);
    expect(mail?.subject).toMatch(/^Your puja request was declined/);
    expect(mail?.text).toContain(`Reason: ${reason}`);
    expect(await auditRows("request.reject", requestId)).toHaveLength(1);
  });

  it("offers another date: checks it, then accepts the request for the new date with a note", async () => {
    const staff = await signedIn(STAFF_A);
    const { requestId, user, puja, pujaDate } = await pendingRequest(templeA);
    const past = await staff.post(`/desk/${templeA}?index`, { intent: "propose", requestId: String(requestId), pujaDate: "2020-01-01" });
    expect(past.status).toBe(400);
    expect(await pageText(past)).toContain("Choose a puja date after today");
    const same = await staff.post(`/desk/${templeA}?index`, { intent: "propose", requestId: String(requestId), pujaDate });
    expect(await pageText(same)).toContain(DESK_MESSAGES.sameDate);
    const newDate = dayFor(puja.days_offered, 4);
    const response = await staff.post(`/desk/${templeA}?index`, {
      intent: "propose",
      requestId: String(requestId),
      pujaDate: newDate,
      note: "The morning slot is free.",
    });
    expect(response.status).toBe(303);
    const row = await requestRow(requestId);
    expect(row).toMatchObject({ status: 1, puja_date: newDate });
    expect(row?.staff_note).toBe(`The temple offers ${newDate} instead of ${pujaDate}. The morning slot is free.`);
    const [mail] = await outboxFor(user.email);
    expect(mail?.subject).toBe(`A new date is offered for ${puja.name}`);
    const [audit] = await auditRows("request.propose", requestId);
    expect(JSON.parse(audit!.detail)).toMatchObject({ from: pujaDate, to: newDate });
  });

  it("does not answer a request twice", async () => {
    const staff = await signedIn(STAFF_A);
    const { requestId, user } = await pendingRequest(templeA);
    await staff.post(`/desk/${templeA}?index`, { intent: "accept", requestId: String(requestId) });
    const again = await staff.post(`/desk/${templeA}?index`, {
      intent: "reject",
      requestId: String(requestId),
      reason: "Changed our mind",
    });
    expect(again.status).toBe(303);
    expect(await pageText(await staff.get(`/desk/${templeA}`))).toContain(DESK_MESSAGES.notPending);
    expect((await requestRow(requestId))?.status).toBe(1);
    expect(await outboxFor(user.email)).toHaveLength(2);
  });
});
