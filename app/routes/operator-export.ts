/** A list of visitor enquiries as CSV, for operators only. */
import { ENQUIRY_KINDS, isEnquiryKind } from "~/domain/temples-admin/console";
import { toCsv } from "~/lib/csv";
import { listEnquiries } from "~/domain/enquiries/lists.server";
import { todayInIndia } from "~/lib/india-time";
import { dbFrom } from "~/lib/db.server";
import type { Route } from "./+types/operator-export";
import { notFound } from "~/lib/not-found.server";

export async function loader({ context, params }: Route.LoaderArgs) {
  if (!isEnquiryKind(params.kind)) throw notFound();
  const rows = await listEnquiries(dbFrom(context), params.kind);
  // A UTF-8 byte order mark, so spreadsheets read Malayalam, Tamil or Hindi text as UTF-8.
  return new Response(`\uFEFF${toCsv(ENQUIRY_KINDS[params.kind].columns, rows)}`, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${params.kind}-${todayInIndia()}.csv"`,
      "Cache-Control": "private, no-store",
    },
  });
}
