/** The temple's counter day as CSV (`?day=`), for its admins only. */
import { counterDayCsv } from "~/domain/bookings/counter/counter-day-csv.server";
import { dayOrToday } from "~/domain/bookings/desk/desk-inputs";
import { dbFrom } from "~/lib/db.server";
import { requireTempleAdmin } from "~/web/role-guards.server";
import type { Route } from "./+types/desk-counter-day-csv";

export async function loader({ context, request }: Route.LoaderArgs) {
  const { templeId } = requireTempleAdmin(context);
  const day = dayOrToday(new URL(request.url).searchParams.get("day"));
  const csv = await counterDayCsv(dbFrom(context), templeId, day);
  // A UTF-8 byte order mark, so spreadsheets read names in Indian scripts as UTF-8.
  return new Response(`\uFEFF${csv}`, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="counter-day-${templeId}-${day}.csv"`,
      "Cache-Control": "private, no-store",
    },
  });
}
