/** The ledger's month as CSV: every payment with what became of it (UTF-8 with a BOM, formula-safe cells). */
import { data } from "react-router";
import { LEDGER_CSV_COLUMNS, ledgerCsvRows } from "~/domain/ledger/ledger-view.server";
import { ledgerQuerySchema, queryOf } from "~/domain/ledger/periods";
import { toCsv } from "~/lib/csv";
import { dbFrom } from "~/lib/db.server";
import { todayInIndia } from "~/lib/india-time";
import { m } from "~/paraglide/messages";
import type { Route } from "./+types/operator-ledger-csv";

export async function loader({ context, request }: Route.LoaderArgs) {
  const query = ledgerQuerySchema.safeParse(queryOf(request.url));
  if (!query.success) throw data(m.operator_ledger_bad_query(), { status: 400 });
  const month = query.data.month ?? todayInIndia().slice(0, 7);
  const rows = await ledgerCsvRows(dbFrom(context), month, query.data.templeId);
  const temple = query.data.templeId ? `-temple-${query.data.templeId}` : "";
  // A UTF-8 byte order mark, so spreadsheets read names in Indian scripts as UTF-8.
  return new Response(`\uFEFF${toCsv(LEDGER_CSV_COLUMNS, rows)}`, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="ledger-${month}${temple}.csv"`,
      "Cache-Control": "private, no-store",
    },
  });
}
