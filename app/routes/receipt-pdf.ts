/** A booking's receipt as a PDF, for its owner only (anyone else gets 404). */
import { loadReceipt, receiptVerification } from "~/domain/bookings/records/receipts.server";
import { linkOrigin } from "~/lib/public-origin.server";
import { getCurrentSession } from "~/web/auth.server";
import { dbFrom } from "~/lib/db.server";
import { appEnv } from "~/lib/context.server";
import { renderReceiptPdf } from "~/domain/bookings/records/receipt-pdf.server";
import type { Route } from "./+types/receipt-pdf";
import { notFound } from "~/lib/not-found.server";

export async function loader({ context, params, request }: Route.LoaderArgs) {
  const session = await getCurrentSession(context);
  if (!session) throw notFound();
  const receipt = await loadReceipt(dbFrom(context), session.customer.id, params.trackingNo);
  if (!receipt) throw notFound();
  const { config } = appEnv(context);
  const origin = linkOrigin(config, request.url) ?? new URL(request.url).origin;
  const verification = await receiptVerification(receipt, config.RECEIPT_CODE_SECRET, origin);
  const pdf = await renderReceiptPdf({ ...receipt, verification, siteName: config.SITE_NAME, supportEmail: config.SUPPORT_EMAIL });
  return new Response(pdf.slice(), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `attachment; filename="receipt-${receipt.receiptNo.replace(/[^A-Za-z0-9-]/g, "")}.pdf"`,
      "Cache-Control": "private, no-store",
    },
  });
}
