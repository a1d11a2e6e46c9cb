/**
 * The temple's Form 10BD data for one financial year as CSV, for its own staff only (the desk
 * layout's guard): the one place besides the donor's own receipt that carries donors' PANs in full.
 */
import { FORM_10BD_COLUMNS, form10bdRows } from "~/domain/trust/form-10bd.server";
import { form10bdQuery } from "~/domain/trust/inputs";
import { toCsv } from "~/lib/csv";
import { dbFrom } from "~/lib/db.server";
import { notFound } from "~/lib/not-found.server";
import { templeDeskAccess } from "~/web/role-guards.server";
import type { Route } from "./+types/desk-form-10bd";

export async function loader({ context, request }: Route.LoaderArgs) {
  const { templeId } = templeDeskAccess(context);
  const query = form10bdQuery.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  if (!query.success) throw notFound();
  const rows = await form10bdRows(dbFrom(context), templeId, query.data.year);
  const year = query.data.year;
  // A UTF-8 byte order mark, so spreadsheets read names in Indian scripts as UTF-8.
  return new Response(`\uFEFF${toCsv(FORM_10BD_COLUMNS, rows)}`, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="form-10bd-${templeId}-${year}-${String((year + 1) % 100).padStart(2, "0")}.csv"`,
      "Cache-Control": "private, no-store",
    },
  });
}
