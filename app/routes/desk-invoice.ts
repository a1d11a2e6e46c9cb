/** The platform's tax invoice to the temple for a month's fees (PDF), for the temple's own staff only; issued on first download. */
import { taxInvoicePdf } from "~/domain/ledger/invoice-download.server";
import { appEnv } from "~/lib/context.server";
import { dbFrom } from "~/lib/db.server";
import { notFound } from "~/lib/not-found.server";
import { invoiceResponse, monthParam } from "~/web/invoice-response.server";
import { templeDeskAccess } from "~/web/role-guards.server";
import type { Route } from "./+types/desk-invoice";

export async function loader({ context, params }: Route.LoaderArgs) {
  const { templeId } = templeDeskAccess(context);
  const month = monthParam(params.month);
  if (!month) throw notFound();
  const { config } = appEnv(context);
  const platform = { siteName: config.SITE_NAME, legalName: config.PLATFORM_LEGAL_NAME, gstin: config.PLATFORM_GSTIN };
  return invoiceResponse(await taxInvoicePdf(dbFrom(context), templeId, month, platform));
}
