/** The day sheet of a temple as a PDF, for its staff (and operators) only. */
import { isValidDay } from "~/domain/bookings/cart/inputs";
import { listDaySheet } from "~/domain/bookings/desk/performing.server";
import { listDaySeats } from "~/domain/bookings/seats/day-seats.server";
import { renderDaySheetPdf } from "~/domain/bookings/desk/day-sheet-pdf.server";
import { oneInLanguage } from "~/domain/content/translations.server";
import { dbFrom } from "~/lib/db.server";
import { appEnv } from "~/lib/context.server";
import { templeDeskAccess } from "~/web/role-guards.server";
import type { Route } from "./+types/desk-day-sheet";
import { notFound } from "~/lib/not-found.server";

export async function loader({ context, params }: Route.LoaderArgs) {
  const { templeId, temple } = templeDeskAccess(context);
  if (!isValidDay(params.day)) throw notFound();
  const db = dbFrom(context);
  const [lines, seats, named] = await Promise.all([
    listDaySheet(db, templeId, params.day),
    listDaySeats(db, templeId, params.day),
    // The sheet names the temple in the desk's language, as the desk's variant writes it.
    oneInLanguage(db, "temple", { name: temple.displayName }, templeId, { name: "name" }),
  ]);
  const pdf = await renderDaySheetPdf({
    siteName: appEnv(context).config.SITE_NAME,
    templeName: named.name,
    day: params.day,
    // The priests' sheet lists what is to be performed: a cancelled sale is not.
    lines: lines.filter((line) => !line.cancelled),
    seats,
  });
  return new Response(pdf.slice(), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `attachment; filename="day-sheet-${templeId}-${params.day}.pdf"`,
      "Cache-Control": "private, no-store",
    },
  });
}
