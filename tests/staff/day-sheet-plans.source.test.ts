/** Issue 44: the desk's day sheet on a festival day (3,000 lines at a million bookings) counts its lines from an index. */
import { describe, expect, it } from "vitest";
import { daySheetCounts } from "~/domain/bookings/desk/performing.server";
import { db, queryPlan } from "../support/public";

describe("the day sheet's counts", () => {
  it("read the day's lines from a covering index (booking and status in it), never each line's row", async () => {
    const plan = (await queryPlan(daySheetCounts(db(), 1, "2026-11-15"))).join("\n");
    expect(plan).toContain("USING COVERING INDEX transaction_lines_day_counts");
  });
});
