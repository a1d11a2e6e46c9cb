/**
 * Issue 44: housekeeping's every-15-minutes reads at a million bookings. A sweep reads what it may act on from an index
 * of those rows, never through an index (or a table) of every transfer the history made.
 */
import { describe, expect, it } from "vitest";
import { heldTransfersDue } from "~/domain/ledger/payout-holds.server";
import { db, queryPlan } from "../support/public";

describe("housekeeping's reads", () => {
  it("finds the held transfers to release in the held transfers' own index, not among every processed transfer", async () => {
    const byTime = (await queryPlan(heldTransfersDue(db(), new Date(), { byTime: true, limit: 10 }))).join("\n");
    expect(byTime).toContain("USING INDEX payout_transfers_held");
    expect(byTime).not.toContain("payout_transfers_status");
    // The desk's lines marked performed: those lines' transfers by their own unique index.
    const lines = (await queryPlan(heldTransfersDue(db(), new Date(), { lineIds: [1, 2, 3] }))).join("\n");
    expect(lines).toContain("USING INDEX payout_transfers_transaction_line_id_unique");
  });
});
