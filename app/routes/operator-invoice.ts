/** A temple's tax invoice for a month's fees (PDF), from the console; issued on first download. */
import { taxInvoicePdf } from "~/domain/ledger/invoice-download.server";
import { appEnv } from "~/lib/context.server";
import { dbFrom } from "~/lib/db.server";
import { notFound } from "~/lib/not-found.server";
import { invoiceResponse, monthParam } from "~/web/invoice-response.server";
import { operatorAccess } from "~/web/role-guards.server";
import type { Route } from "./+types/operator-invoice";

export async function loader({ context, params }: Route.LoaderArgs) {
  operatorAccess(context);
  const templeId = Number(params.templeId);
  const month = monthParam(params.month);
  if (!month || !Number.isInteger(templeId) || templeId <= 0) throw notFound();
  const { config } = appEnv(context);
  const platform = { siteName: config.SITE_NAME, legalName: config.PLATFORM_LEGAL_NAME, gstin: config.PLATFORM_GSTIN };
  return invoiceResponse(await taxInvoicePdf(dbFrom(context), templeId, month, platform));
}
