/** A tax invoice's download: the PDF, or why there is none (the desk's and the console's routes). */
import type { InvoicePdfOutcome } from "~/domain/ledger/invoice-download.server";
import { m } from "~/paraglide/messages";

export function invoiceResponse(outcome: InvoicePdfOutcome): Response {
  if ("refused" in outcome) {
    const configured = outcome.refused !== "not-configured";
    const text = configured ? m.fees_invoice_not_available() : m.fees_invoice_not_configured();
    return new Response(text, {
      status: configured ? 404 : 503,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "private, no-store" },
    });
  }
  return new Response(outcome.pdf.slice(), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `attachment; filename="tax-invoice-${outcome.number.replaceAll("/", "-")}.pdf"`,
      "Cache-Control": "private, no-store",
    },
  });
}

/** A month named in an address (YYYY-MM, 2020 on), or null. */
export function monthParam(value: string | undefined): string | null {
  return value && /^20[2-9]\d-(0[1-9]|1[0-2])$/.test(value) ? value : null;
}
