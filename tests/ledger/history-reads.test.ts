/**
 * Issue 44: a temple's month is read from its own lines by booking date (transaction_lines.booked_at,
 * copied from the booking by a trigger), never through every temple's bookings of the month. What a
 * statement shows must not change: a line counts on its booking's India day, at a month's edges too,
 * and the operator's temple filter offers the temples with lines booked in the month.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it, onTestFinished } from "vitest";
import { createDb } from "~/db/client.server";
import { loadLedgerView } from "~/domain/ledger/ledger-view.server";
import { payoutMonthTotals, statementLines } from "~/domain/ledger/payout-statement.server";
import { settlementByDay, settlementByMonth } from "~/domain/ledger/settlement.server";
import { makeTemple } from "../support/trust";
import { bookedLine, removeBookings } from "./support/fee-rows";

const db = () => createDb(env.DB);

describe("a temple's month read by its lines' booking date", () => {
  it("keeps each line's booking date on the line, as every writer leaves it to the trigger", async () => {
    const temple = await makeTemple({ verified: true });
    const id = await bookedLine(temple.id, "2034-04-30", 25100);
    onTestFinished(() => removeBookings([id]));
    const line = await env.DB.prepare("select booked_at from transaction_lines where transaction_id = ?")
      .bind(id)
      .first<string>("booked_at");
    expect(line).toBe("2034-04-30T10:00:00.000+05:30");
  });

  it("counts a line on its booking's day, at the month's edges, in the month, the year and the bank view", async () => {
    const temple = await makeTemple({ verified: true });
    const ids = [
      await bookedLine(temple.id, "2034-03-31", 10000),
      await bookedLine(temple.id, "2034-04-01", 25100),
      await bookedLine(temple.id, "2034-04-30", 50100, { itemType: "DONATION" }),
      await bookedLine(temple.id, "2034-05-01", 20000),
    ];
    onTestFinished(() => removeBookings(ids));
    const april = await settlementByDay(db(), temple.id, "2034-04");
    expect(april.rows.filter((row) => row.lines > 0).map((row) => [row.period, row.total])).toEqual([
      ["2034-04-01", 25100],
      ["2034-04-30", 50100],
    ]);
    expect(april.totals).toMatchObject({ lines: 2, pujas: 25100, donations: 50100, total: 75200 });
    const year = await settlementByMonth(db(), temple.id, 2034);
    expect(year.rows.filter((row) => row.lines > 0).map((row) => [row.period, row.lines, row.total])).toEqual([
      ["2034-03", 1, 10000],
      ["2034-04", 2, 75200],
      ["2034-05", 1, 20000],
    ]);
    const lines = await statementLines(db(), temple.id, "2034-04");
    expect(lines.map((line) => [line.day, line.price])).toEqual([
      ["2034-04-01", 25100],
      ["2034-04-30", 50100],
    ]);
    // The page's newest first, bounded; the month's figures whatever the bound.
    expect((await statementLines(db(), temple.id, "2034-04", 1)).map((line) => line.day)).toEqual(["2034-04-30"]);
    expect((await payoutMonthTotals(db(), temple.id, "2034-04")).lines).toBe(2);
  });

  it("finds in the operator's temple filter the temples with lines booked in the month, and no other", async () => {
    const [booked, quiet] = [await makeTemple({ verified: true }), await makeTemple({ verified: true })];
    const ids = [await bookedLine(booked.id, "2034-06-15", 25100), await bookedLine(quiet.id, "2034-07-01", 25100)];
    onTestFinished(() => removeBookings(ids));
    // Both are named "Trust Test Temple <n>": only the one with lines booked in June is found.
    const view = await loadLedgerView(db(), { month: "2034-06", temple: "trust test temple" }, "2034-06-20");
    const offered = (view.search?.temples ?? []).map((temple) => temple.id);
    expect(offered).toContain(booked.id);
    expect(offered).not.toContain(quiet.id);
  });
});
