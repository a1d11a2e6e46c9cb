/**
 * What a counter sale tells its devotee: when they gave a phone, the receipt by SMS (the
 * notifications kind "receipt", composed when sent from the booking, in the desk's language).
 * A phone given at the counter for the receipt is the devotee's consent to that message; it is
 * never WhatsApp (Meta wants an opt-in on the portal) and never stored on an account.
 */
import { sql } from "drizzle-orm";
import { walkInAccountId } from "~/domain/accounts/walk-in.server";
import type { Database } from "~/db/client.server";
import { transactions } from "~/db/schema";
import { type PreparedNotice, prepareNotice } from "~/domain/notifications/notify.server";
import type { AppEnv } from "~/lib/env.server";
import { currentLocale } from "~/lib/i18n";
import { toE164 } from "~/lib/phone/phone-number";
import { linkOrigin } from "~/lib/public-origin.server";

/** The receipt's SMS for the sale the form's key will make, to write in its batch; null without a phone (or a safe origin). */
export async function counterReceiptNotice(
  env: AppEnv,
  db: Database,
  sale: { saleKey: string; phone?: string | null },
  requestUrl: string,
): Promise<PreparedNotice | null> {
  const phone = sale.phone ? toE164(sale.phone) : null;
  const origin = linkOrigin(env.config, requestUrl);
  if (!phone || !origin) return null;
  return prepareNotice(env, db, {
    kind: "receipt",
    to: { phone, channel: "sms", customerId: await walkInAccountId(db), language: currentLocale() },
    composeWhenSent: { origin },
    about: { trackingNo: sql`(select ${transactions.trackingNo} from ${transactions} where ${transactions.saleKey} = ${sale.saleKey})` },
    dedupeKey: `receipt:counter:${sale.saleKey}`,
  });
}
