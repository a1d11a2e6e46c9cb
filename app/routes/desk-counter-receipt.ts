/**
 * A counter sale's receipt to print: 80 mm thermal (`?size=80mm`, the default) or A4 (`?size=a4`),
 * in the language `?lang=` names (the desk's own when none). The desk layout's guard lets only
 * the temple's staff here; a sale of another temple, or not sold at a counter, is not found.
 */
import { loadCounterReceipt } from "~/domain/bookings/records/counter-receipts.server";
import { renderReceiptPdf } from "~/domain/bookings/records/receipt-pdf.server";
import { renderThermalReceiptPdf } from "~/domain/bookings/records/receipt-thermal-pdf.server";
import { receiptVerification } from "~/domain/bookings/records/receipts.server";
import { appEnv } from "~/lib/context.server";
import { dbFrom } from "~/lib/db.server";
import { currentLocale, isLocale } from "~/lib/i18n";
import { withLocale } from "~/lib/locale.server";
import { notFound } from "~/lib/not-found.server";
import { linkOrigin } from "~/lib/public-origin.server";
import { templeDeskAccess } from "~/web/role-guards.server";
import type { Route } from "./+types/desk-counter-receipt";

export async function loader({ context, params, request }: Route.LoaderArgs) {
  const { templeId } = templeDeskAccess(context);
  const query = new URL(request.url).searchParams;
  const size = query.get("size") ?? "80mm";
  if (size !== "80mm" && size !== "a4") throw notFound();
  const lang = query.get("lang");
  const locale = lang && isLocale(lang) ? lang : currentLocale();
  const { config } = appEnv(context);
  // Names (pujas, temple, stars) are read in the receipt's language too.
  const pdf = await withLocale(locale, async () => {
    const receipt = await loadCounterReceipt(dbFrom(context), templeId, params.trackingNo);
    if (!receipt) return null;
    const origin = linkOrigin(config, request.url) ?? new URL(request.url).origin;
    const verification = await receiptVerification(receipt, config.RECEIPT_CODE_SECRET, origin);
    const data = { ...receipt, verification, siteName: config.SITE_NAME, supportEmail: config.SUPPORT_EMAIL };
    return size === "a4" ? renderReceiptPdf(data) : renderThermalReceiptPdf(data);
  });
  if (!pdf) throw notFound();
  return new Response(pdf.slice(), {
    headers: {
      "Content-Type": "application/pdf",
      // Opened in the browser's viewer, to print at once.
      "Content-Disposition": `inline; filename="receipt-${params.trackingNo.replace(/[^A-Za-z0-9-]/g, "")}-${size}.pdf"`,
      "Cache-Control": "private, no-store",
    },
  });
}
