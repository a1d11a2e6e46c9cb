/**
 * Issue 41: the console's Messages page. Per channel, the last 24 hours by status; the dead
 * letters with Retry (the message is sent once, however often Retry is pressed, and the
 * operator's hand in it is audited); a search by e-mail or phone for a devotee who says "I
 * never got it". Operators only.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it, onTestFinished } from "vitest";
import { countsSinceQuery, lastDayCounts, searchMessages } from "~/domain/notifications/console.server";
import { unseenNotificationsQuery } from "~/domain/notifications/inbox.server";
import { outboxFor, pageText, uniqueEmail } from "../support/browser";
import { demoBrowser } from "../support/bookings";
import { db, fullScans, queryPlan } from "../support/public";
import { auditRows, OPERATOR, signedIn, STAFF_A } from "../support/staff";
import { addMessage, devotee, messageStatus, minutesAgo, settledStatus } from "./support/messages";

/** A mobile no other test uses, as a devotee types it and in E.164. */
function uniqueMobile() {
  const digits = `9${String(crypto.getRandomValues(new Uint32Array(1))[0]! % 1_000_000_000).padStart(9, "0")}`;
  return { typed: `${digits.slice(0, 5)} ${digits.slice(5)}`, e164: `+91${digits}` };
}

/** The number in the Messages page's last-day table for a channel and a status. */
function lastDayCell(html: string, channel: string, status: string): number {
  const row = new RegExp(`<tr data-channel="${channel}">([\\s\\S]*?)</tr>`).exec(html)?.[1] ?? "";
  const cell = new RegExp(`<td class="num" data-status="${status}">([\\d,]+)</td>`).exec(row)?.[1];
  expect(cell, `${channel} ${status}`).toBeDefined();
  return Number(cell!.replace(/,/g, ""));
}

describe("the console's Messages page", () => {
  it("counts the last 24 hours per channel and status in one query, and nothing older", async () => {
    // A day of its own, in the future, so no other test's messages fall in it.
    const now = new Date("2031-03-02T06:00:00.000Z");
    const ids = [
      await addMessage(null, { channel: "email", status: "sent", createdAt: "2031-03-01T07:00:00.000Z" }),
      await addMessage(null, { channel: "email", status: "delivered", createdAt: "2031-03-02T05:00:00.000Z" }),
      await addMessage(null, { channel: "whatsapp", status: "read", createdAt: "2031-03-01T12:00:00.000Z" }),
      await addMessage(null, { channel: "whatsapp", status: "failed", createdAt: "2031-03-01T12:00:00.000Z" }),
      await addMessage(null, { channel: "sms", status: "queued", createdAt: "2031-03-02T05:59:00.000Z" }),
      // A day and a minute old: not counted.
      await addMessage(null, { channel: "sms", status: "failed", createdAt: "2031-03-01T05:59:00.000Z" }),
    ];
    onTestFinished(async () => {
      await env.DB.prepare(`delete from notifications where id in (${ids.map(() => "?").join(",")})`)
        .bind(...ids)
        .run();
    });
    expect(await lastDayCounts(db(), now)).toEqual({
      email: { queued: 0, sent: 1, delivered: 1, read: 0, failed: 0 },
      whatsapp: { queued: 0, sent: 0, delivered: 0, read: 1, failed: 1 },
      sms: { queued: 1, sent: 0, delivered: 0, read: 0, failed: 0 },
    });

    const operator = await signedIn(OPERATOR);
    const before = await (await operator.get("/operator/messages")).text();
    expect(before).toContain("The last 24 hours");
    const failedId = await addMessage(null, { channel: "whatsapp", status: "failed", recipient: uniqueMobile().e164 });
    ids.push(failedId);
    const after = await (await operator.get("/operator/messages")).text();
    expect(lastDayCell(after, "whatsapp", "failed")).toBe(lastDayCell(before, "whatsapp", "failed") + 1);
    // The console is in the operator's navigation.
    expect(after).toContain('href="/operator/messages"');
  });

  it("lists a failed message with Retry: it is queued once more and sent once, and the retry is audited", async () => {
    const email = uniqueEmail("never-got-it");
    const id = await addMessage(null, {
      kind: "password-changed",
      channel: "email",
      recipient: email,
      status: "failed",
      attempts: 7,
      lastError: "Resend answered 503",
      subject: "Your password was changed",
      text: "The password of your account was just changed.",
      createdAt: minutesAgo(1),
    });
    const operator = await signedIn(OPERATOR);
    const page = await operator.get("/operator/messages");
    expect(page.status).toBe(200);
    const listed = new RegExp(`<tr data-message="${id}" data-status="failed">[\\s\\S]*?</tr>`).exec(await page.text())?.[0] ?? "";
    expect(listed).toContain(email);
    expect(listed).toContain("Password changed");
    expect(listed).toContain("Resend answered 503");
    expect(listed).toContain(`<input type="hidden" name="messageId" value="${id}"/>`);
    expect(listed).toContain(">Retry<");

    const retried = await operator.post("/operator/messages", { intent: "retry", messageId: id });
    expect(retried.status).toBe(303);
    expect(await settledStatus(id)).toBe("sent");
    expect(await pageText(await operator.get("/operator/messages"))).toContain("The message is queued to be sent again.");
    const [audit] = await auditRows("notification.retry", id);
    expect(audit).toMatchObject({ actor: OPERATOR.email });

    // Pressed again (a second tab, a double click): nothing is sent again.
    const again = await operator.post("/operator/messages", { intent: "retry", messageId: id });
    expect(again.status).toBe(303);
    expect(await pageText(await operator.get("/operator/messages"))).toContain("That message is no longer failed: nothing was sent again.");
    expect((await messageStatus(id))?.status).toBe("sent");
    expect((await outboxFor(email)).filter((message) => message.subject === "Your password was changed")).toHaveLength(1);
    expect(await auditRows("notification.retry", id)).toHaveLength(1);

    expect((await operator.post("/operator/messages", { intent: "retry", messageId: "not-a-message" })).status).toBe(400);
  });

  it("finds someone's recent messages by phone or e-mail, however they are typed", async () => {
    const { user, customerId } = await devotee();
    const mobile = uniqueMobile();
    await env.DB.prepare("update customers set phone_mobile = ? where id = ?").bind(mobile.e164.slice(3), customerId).run();
    const sms = await addMessage(customerId, { kind: "video-ready", channel: "sms", recipient: mobile.e164, status: "delivered" });
    const mail = await addMessage(customerId, {
      kind: "receipt",
      channel: "email",
      recipient: user.email,
      status: "failed",
      trackingNo: "TRK-FOUND",
    });
    const stranger = await addMessage(null, { kind: "receipt", channel: "email", recipient: uniqueEmail("stranger") });
    const operator = await signedIn(OPERATOR);

    for (const typed of [mobile.typed, `+91-${mobile.typed}`, user.email.toUpperCase(), ` ${user.email} `]) {
      const page = await operator.get(`/operator/messages?q=${encodeURIComponent(typed)}`);
      expect(page.status).toBe(200);
      const html = await page.text();
      expect(html, typed).toContain(`data-message="${sms}"`);
      expect(html, typed).toContain(`data-message="${mail}"`);
      expect(html, typed).not.toContain(`data-message="${stranger}"`);
    }
    const byPhone = await pageText(await operator.get(`/operator/messages?q=${encodeURIComponent(mobile.typed)}`));
    expect(byPhone).toContain(`Recent messages to ${mobile.e164}, newest first`);
    expect(byPhone).toContain("Puja video ready");
    expect(byPhone).toContain("Delivered");
    expect(byPhone).toContain("TRK-FOUND");

    const nobody = await pageText(await operator.get(`/operator/messages?q=${encodeURIComponent(uniqueEmail("nobody"))}`));
    expect(nobody).toMatch(/No messages to nobody\.[^ ]+@example\.org\./);
    const bad = await operator.get("/operator/messages?q=12345");
    expect(bad.status).toBe(200);
    expect(await pageText(bad)).toContain("Enter an e-mail address or a mobile number.");
  });

  it("is the operators' only: staff and devotees are refused (403) and Retry by them changes nothing", async () => {
    const id = await addMessage(null, { status: "failed", subject: "s", text: "t", createdAt: minutesAgo(1) });
    const staff = await signedIn(STAFF_A);
    const devotee = await demoBrowser();
    for (const browser of [staff, devotee]) {
      expect((await browser.get("/operator/messages")).status).toBe(403);
      expect((await browser.post("/operator/messages", { intent: "retry", messageId: id })).status).toBe(403);
    }
    expect((await messageStatus(id))?.status).toBe("failed");
    await env.DB.prepare("update notifications set status = 'sent' where id = ?").bind(id).run();
  });

  it("reads its counts, a devotee's unseen count and a search from indexes, never a whole table", async () => {
    const counts = await queryPlan(countsSinceQuery(db(), minutesAgo(24 * 60)));
    expect(counts.join("\n")).toContain("notifications_recent");
    expect(fullScans(counts, ["notifications"])).toEqual([]);
    const unseen = await queryPlan(unseenNotificationsQuery(db(), 1));
    expect(unseen.join("\n")).toContain("notifications_customer");
    expect(fullScans(unseen, ["notifications", "customers"])).toEqual([]);
    for (const address of ["someone@example.org", "+919845012345"]) {
      const search = await queryPlan(searchMessages(db(), address));
      expect(fullScans(search, ["notifications", "customers"]), address).toEqual([]);
    }
  });
});
