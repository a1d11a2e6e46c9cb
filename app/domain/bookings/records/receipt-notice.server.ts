/**
 * The receipt as a message (notifications kind "receipt"): its row is written in the batch that
 * books the payment, so a booking never goes without its receipt, and it is composed when the
 * queue sends it, from the booking itself, in the devotee's language: the e-mail with its
 * verification code and QR, or a phone message naming the temple, receipt and amount.
 */
import { sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { type NotificationRow, transactions } from "~/db/schema";
import type { AppEnv } from "~/lib/env.server";
import { DeliveryError } from "~/lib/outgoing-message";
import { phoneText, templateVariables } from "~/domain/notifications/kinds";
import type { Composed } from "~/domain/notifications/delivery.server";
import { type PreparedNotice, prepareNotice } from "~/domain/notifications/notify.server";
import { walkInAccountId } from "~/domain/accounts/walk-in.server";
import { toE164 } from "~/lib/phone/phone-number";
import { loadReceipt, receiptEmail, receiptVerification } from "./receipts.server";

/**
 * The receipt's messages for the booking of payment order `order`, to write in its batch:
 * composed when sent, with links from `origin` (the request's canonical origin).
 */
export function prepareReceiptNotice(
  env: AppEnv,
  db: Database,
  order: { id: number; customerId: number },
  origin: string,
  /** An assisted booking under the walk-in account: the receipt goes to the e-mail the devotee gave. */
  contact: { email: string; name: string } | null = null,
) {
  return prepareNotice(env, db, {
    kind: "receipt",
    to: contact ? { email: contact.email, customerId: order.customerId, firstName: contact.name } : { customerId: order.customerId },
    composeWhenSent: { origin },
    about: { trackingNo: sql`(select ${transactions.trackingNo} from ${transactions} where ${transactions.paymentOrderId} = ${order.id})` },
    dedupeKey: `receipt:${order.id}`,
  });
}

/** The receipt's messages, or null (logged) when no origin is safe for its links. */
export async function receiptNoticeFor(
  env: AppEnv,
  db: Database,
  order: { id: number; customerId: number; kind?: string; contact?: string | null; lines?: string },
  origin: string | null,
): Promise<PreparedNotice | null> {
  if (!origin) {
    console.error(
      "Receipt not sent: no origin for its links. Set PUBLIC_ORIGIN to the site's address; links never use the request's Host.",
    );
    return null;
  }
  // A counter QR sale's receipt is printed at the counter; the walk-in account has no address, so
  // it goes by SMS to the phone the devotee gave at the counter, if any (as a cash sale's does).
  if (order.kind === "counter_qr") {
    const phone = order.lines ? toE164((JSON.parse(order.lines) as { sale?: { phone?: string | null } }).sale?.phone ?? "") : null;
    if (!phone) return null;
    return prepareNotice(env, db, {
      kind: "receipt",
      to: { phone, channel: "sms", customerId: order.customerId },
      composeWhenSent: { origin },
      about: {
        trackingNo: sql`(select ${transactions.trackingNo} from ${transactions} where ${transactions.paymentOrderId} = ${order.id})`,
      },
      dedupeKey: `receipt:${order.id}`,
    });
  }
  const contact = order.kind === "payment_link" && order.contact ? (JSON.parse(order.contact) as { email: string; name: string }) : null;
  const walkIn = contact ? order.customerId === (await walkInAccountId(db)) : false;
  return prepareReceiptNotice(env, db, order, origin, walkIn ? contact : null);
}

/** Composes a receipt row when the queue sends it (workers/queue.ts registers it for the kind). */
export async function composeReceipt(env: AppEnv, db: Database, row: NotificationRow): Promise<Composed> {
  const { origin } = JSON.parse(row.params) as { origin?: string };
  if (!origin || row.customerId === null || !row.trackingNo) throw new DeliveryError("the receipt names no booking or origin", false);
  const receipt = await loadReceipt(db, row.customerId, row.trackingNo);
  if (!receipt) throw new DeliveryError("the receipt's booking is not there", false);
  const { config } = env;
  if (row.channel !== "email") {
    const templeName = receipt.temples.map((temple) => temple.templeName).join(", ");
    const params = { templeName, receiptNo: receipt.receiptNo, trackingNo: receipt.trackingNo, amount: receipt.grandTotal };
    return { text: phoneText(config.SITE_NAME, "receipt", params), templateVariables: templateVariables("receipt", params) };
  }
  const verification = await receiptVerification(receipt, config.RECEIPT_CODE_SECRET, origin);
  return receiptEmail(receipt, verification, { siteName: config.SITE_NAME, origin, supportEmail: config.SUPPORT_EMAIL });
}
