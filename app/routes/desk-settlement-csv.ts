/** The settlement statement as CSV, for the temple's own staff only: a month's booked lines (`?month=`) or a year's months (`?year=`). */
import { settlementCsv } from "~/domain/ledger/settlement-csv.server";
import { queryOf, settlementQuerySchema } from "~/domain/ledger/periods";
import { dbFrom } from "~/lib/db.server";
import { notFound } from "~/lib/not-found.server";
import { todayInIndia } from "~/lib/india-time";
import { templeDeskAccess } from "~/web/role-guards.server";
import type { Route } from "./+types/desk-settlement-csv";

export async function loader({ context, request }: Route.LoaderArgs) {
  const { templeId, temple } = templeDeskAccess(context);
  const query = settlementQuerySchema.safeParse(queryOf(request.url));
  if (!query.success) throw notFound();
  const period = query.data.year !== undefined ? { year: query.data.year } : { month: query.data.month ?? todayInIndia().slice(0, 7) };
  const csv = await settlementCsv(dbFrom(context), { id: templeId, name: temple.displayName }, period);
  const name = "year" in period ? String(period.year) : period.month;
  // A UTF-8 byte order mark, so spreadsheets read names in Indian scripts as UTF-8.
  return new Response(`\uFEFF${csv}`, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="settlement-${templeId}-${name}.csv"`,
      "Cache-Control": "private, no-store",
    },
  });
}
