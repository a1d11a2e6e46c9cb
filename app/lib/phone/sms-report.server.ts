/**
 * MSG91's delivery reports, as its panel's webhook versions post them: v3 one report as JSON
 * (`{ requestId, number, status, desc, date }`), v2 a batch as a form field `data` holding
 * JSON (`[{ requestId, report: [{ number, status, desc, date, failedReason }] }]`). Status
 * 1 is delivered; 2 failed, 9 NDNC, 16 and 25 rejected, 17 blocked. MSG91 reports only
 * these final states: "sent" is the moment its API accepted the message.
 * MSG91 signs nothing, so the URL registered with it carries a secret (MSG91_WEBHOOK_TOKEN).
 */
import { z } from "zod";
import { timingSafeEqualText } from "../crypto.server";
import type { PhoneStatusUpdate } from "./delivery.server";

const FAILED = new Set(["2", "9", "16", "17", "25"]);

const report = z.object({
  status: z.union([z.string(), z.number()]).transform(String),
  desc: z.string().optional(),
  description: z.string().optional(),
  failedReason: z.string().optional(),
  date: z.string().optional(),
  requestId: z.string().optional(),
});
const batch = z.object({ requestId: z.string().min(1).max(200), report: z.array(z.unknown()).max(1000) }).loose();

/** Whether the token a delivery report came with is ours (constant time; no token configured refuses all). */
export function smsReportTokenMatches(configured: string | undefined, given: string | null | undefined): boolean {
  return Boolean(configured && given) && timingSafeEqualText(given!, configured!);
}

/** MSG91's report time: "YYYY-MM-DD HH:mm:ss" in India's time; the receipt time when it has none. */
function reportTime(date: string | undefined, received: Date): Date {
  const match = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2}:\d{2})$/.exec(date?.trim() ?? "");
  const at = match ? new Date(`${match[1]}T${match[2]}+05:30`) : null;
  return at && !Number.isNaN(at.getTime()) ? at : received;
}

function update(requestId: string, raw: unknown, received: Date): PhoneStatusUpdate | null {
  const parsed = report.safeParse(raw);
  if (!parsed.success || !requestId) return null;
  const { status, desc, description, failedReason, date } = parsed.data;
  const at = reportTime(date, received);
  if (status === "1") return { channel: "sms", providerId: requestId.slice(0, 200), status: "delivered", at };
  if (!FAILED.has(status)) return null;
  const error = `${status} ${failedReason || desc || description || ""}`.trim().slice(0, 200);
  return { channel: "sms", providerId: requestId.slice(0, 200), status: "failed", at, error };
}

function batchesOf(data: unknown): unknown[] {
  if (typeof data === "string") {
    try {
      return batchesOf(JSON.parse(data));
    } catch {
      return [];
    }
  }
  return Array.isArray(data) ? data.slice(0, 1000) : [data];
}

/** The status updates in a delivery report's body (JSON or form), whichever version posted it; unknown entries are skipped. */
export function readSmsReports(body: unknown, received = new Date()): PhoneStatusUpdate[] {
  const top = body && typeof body === "object" && "data" in body ? (body as { data: unknown }).data : body;
  const updates: PhoneStatusUpdate[] = [];
  for (const entry of batchesOf(top)) {
    const grouped = batch.safeParse(entry);
    if (grouped.success) {
      for (const raw of grouped.data.report) {
        const found = update(grouped.data.requestId, raw, received);
        if (found) updates.push(found);
      }
      continue;
    }
    const single = report.safeParse(entry);
    const found = single.success ? update(single.data.requestId ?? "", entry, received) : null;
    if (found) updates.push(found);
  }
  return updates;
}
