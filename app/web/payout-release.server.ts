/**
 * The desk marked a puja performed: its money held for the temple is released now (issue 43).
 * The bookings area never imports the ledger, so the desk's action calls this adapter after
 * markPujaDone. A release Razorpay does not take now is retried by housekeeping.
 */
import type { RouterContextProvider } from "react-router";
import { askRelease, releaseHeldTransfers } from "~/domain/ledger/payout-holds.server";
import { appEnv } from "~/lib/context.server";
import { dbFrom } from "~/lib/db.server";
import { payoutGateway } from "~/lib/payments/index.server";

export async function releaseAfterPerformed(context: Readonly<RouterContextProvider>, lineId: number, now = new Date()) {
  const db = dbFrom(context);
  await askRelease(db, [lineId], "performed", now);
  const route = payoutGateway(appEnv(context).config);
  if (route) await releaseHeldTransfers(db, route, now, { lineIds: [lineId] });
}
