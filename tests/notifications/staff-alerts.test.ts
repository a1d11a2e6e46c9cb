/**
 * Issue 41: a temple's staff set the phone its alerts go to (a new booking or request; the
 * morning digest of the day sheet) on the desk. It is stored in E.164 and shown, audited; a
 * number that cannot take a message is refused; another temple's staff learn nothing (404).
 */
import { env } from "cloudflare:workers";
import { describe, expect, it, onTestFinished } from "vitest";
import { pageText } from "../support/browser";
import { demoBrowser } from "../support/bookings";
import { auditRows, signedIn, STAFF_A, STAFF_B, templeOf } from "../support/staff";

async function alertsOf(templeId: number) {
  return env.DB.prepare("select phone, new_bookings, morning_digest from temple_alerts where temple_id = ?")
    .bind(templeId)
    .first<{ phone: string; new_bookings: number; morning_digest: number }>();
}

/** The temple's alerts as they were, put back when the test ends (tests share D1). */
async function restoreAfter(templeId: number) {
  const before = await env.DB.prepare("select * from temple_alerts where temple_id = ?").bind(templeId).first<Record<string, unknown>>();
  onTestFinished(async () => {
    await env.DB.prepare("delete from temple_alerts where temple_id = ?").bind(templeId).run();
    if (before) {
      await env.DB.prepare(
        "insert into temple_alerts (temple_id, phone, new_bookings, morning_digest, updated_by, updated_at) values (?, ?, ?, ?, ?, ?)",
      )
        .bind(before.temple_id, before.phone, before.new_bookings, before.morning_digest, before.updated_by, before.updated_at)
        .run();
    }
  });
}

describe("the desk's alert phone", () => {
  it("is set by the temple's staff, stored in E.164, shown and audited; then stopped", async () => {
    const templeId = await templeOf(STAFF_A.email);
    await restoreAfter(templeId);
    await env.DB.prepare("delete from temple_alerts where temple_id = ?").bind(templeId).run();
    const staff = await signedIn(STAFF_A);
    const path = `/desk/${templeId}/alerts`;

    const empty = await staff.get(path);
    expect(empty.status).toBe(200);
    expect(await pageText(empty)).toContain("No phone is set: this temple gets no alerts.");

    const saved = await staff.post(path, { intent: "alerts", phone: "098450 12345", newBookings: "on" });
    expect(saved.status).toBe(303);
    expect(await alertsOf(templeId)).toEqual({ phone: "+919845012345", new_bookings: 1, morning_digest: 0 });
    const shown = await pageText(await staff.get(path));
    expect(shown).toContain("Alerts saved.");
    expect(shown).toContain("Alerts go to +919845012345.");
    expect(shown).toContain("New bookings and requests: on");
    expect(shown).toContain("Morning digest of the day sheet: off");
    const [audit] = await auditRows("temple_alerts.set", templeId);
    expect(audit).toMatchObject({ actor: STAFF_A.email, temple_id: templeId });

    // Changed: the one row is replaced.
    await staff.post(path, { intent: "alerts", phone: "+91 98450 54321", morningDigest: "on" });
    expect(await alertsOf(templeId)).toEqual({ phone: "+919845054321", new_bookings: 0, morning_digest: 1 });

    const stopped = await staff.post(path, { intent: "remove" });
    expect(stopped.status).toBe(303);
    expect(await alertsOf(templeId)).toBeNull();
    expect(await auditRows("temple_alerts.remove", templeId)).toHaveLength(1);
    // Stopping again changes nothing and audits nothing.
    await staff.post(path, { intent: "remove" });
    expect(await auditRows("temple_alerts.remove", templeId)).toHaveLength(1);
  });

  it("refuses a number that cannot take a message; nothing changes", async () => {
    const templeId = await templeOf(STAFF_A.email);
    await restoreAfter(templeId);
    const staff = await signedIn(STAFF_A);
    const path = `/desk/${templeId}/alerts`;
    await staff.post(path, { intent: "alerts", phone: "98450 12345", newBookings: "on", morningDigest: "on" });
    const kept = await alertsOf(templeId);
    for (const phone of ["12345", "0484 2345678", "+91 12345 67890", "ഫോൺ", ""]) {
      const refused = await staff.post(path, { intent: "alerts", phone, newBookings: "on" });
      expect(refused.status, phone).toBe(400);
      expect(await pageText(refused)).toContain("Enter a mobile number that can take messages, e.g. 98450 12345.");
    }
    const odd = await staff.post(path, { intent: "alerts", phone: "98450 99999", newBookings: "yes" });
    expect(odd.status).toBe(400);
    expect(await alertsOf(templeId)).toEqual(kept);
  });

  it("is another temple's staff's business not at all (404), and no devotee's (403)", async () => {
    const templeId = await templeOf(STAFF_A.email);
    await restoreAfter(templeId);
    const before = await alertsOf(templeId);
    const other = await signedIn(STAFF_B);
    const path = `/desk/${templeId}/alerts`;
    expect((await other.get(path)).status).toBe(404);
    expect((await other.post(path, { intent: "alerts", phone: "98450 12345", newBookings: "on" })).status).toBe(404);
    expect((await other.post(path, { intent: "remove" })).status).toBe(404);
    const devotee = await demoBrowser();
    expect((await devotee.get(path)).status).toBe(403);
    expect((await devotee.post(path, { intent: "alerts", phone: "98450 12345" })).status).toBe(403);
    expect(await alertsOf(templeId)).toEqual(before);
  });

  it("speaks the desk's language", async () => {
    const templeId = await templeOf(STAFF_A.email);
    const staff = await signedIn(STAFF_A);
    const page = await staff.get(`/hi/desk/${templeId}/alerts`);
    expect(page.status).toBe(200);
    expect(await pageText(page)).toContain("इस मंदिर के अलर्ट के लिए एक फ़ोन");
  });
});
