/**
 * /verify/<code>: anyone holding a receipt checks that it is genuine. A genuine code shows the
 * receipt's number, date, temples and amounts and the devotee's name masked; a code never issued
 * or altered answers 404, clearly. Guesses are limited per client (only misses count).
 */
import { data, redirect } from "react-router";
import { Form } from "~/components/layout/localized";
import { GeneralErrorBoundary } from "~/components/layout/error-boundary";
import { findReceiptByCode } from "~/domain/bookings/records/verified-receipts.server";
import { formatRupees, longDate } from "~/domain/text";
import { appEnv } from "~/lib/context.server";
import { dbFrom } from "~/lib/db.server";
import { indiaMinute } from "~/lib/india-time";
import { pageLocation } from "~/lib/i18n";
import { pageMeta } from "~/lib/meta";
import { clientIp, consumeClientAttempt } from "~/lib/rate-limit.server";
import { m } from "~/paraglide/messages";
import type { Route } from "./+types/trust-verify";

/** Strangers' guesses: 20 codes that find nothing per client in 15 minutes. */
const GUESSES = { limit: 20, windowSeconds: 15 * 60 };
const NO_STORE = { "Cache-Control": "private, no-store" };

export async function loader({ params, context, request }: Route.LoaderArgs) {
  const typed = new URL(request.url).searchParams.get("code");
  // The form below (no JavaScript needed) sends the typed code here; its page is /verify/<code>.
  if (!params.code && typed) throw redirect(pageLocation(`/verify/${encodeURIComponent(typed.trim().slice(0, 40))}`));
  if (!params.code) return data({ state: "ask" as const, receipt: null }, { headers: NO_STORE });
  const db = dbFrom(context);
  const attempt = await consumeClientAttempt(db, "receipt-verify", clientIp(request), GUESSES);
  if (!attempt.allowed) {
    return data(
      { state: "limited" as const, receipt: null },
      { status: 429, headers: { ...NO_STORE, "Retry-After": String(attempt.retryAfter) } },
    );
  }
  // The router decodes the address: a code that needed decoding (%33, %2D) is another spelling.
  const code = new URL(request.url).pathname.includes("%") ? "" : params.code.slice(0, 40);
  const receipt = await findReceiptByCode(db, appEnv(context).config.RECEIPT_CODE_SECRET, code);
  if (!receipt) return data({ state: "unknown" as const, receipt: null }, { status: 404, headers: NO_STORE });
  await attempt.giveBack();
  return data({ state: "genuine" as const, receipt }, { headers: NO_STORE });
}

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export const meta = () => pageMeta(m.trust_verify_title());

function CodeForm() {
  return (
    <Form method="get" action="/verify" className="desk-inline-form desk-inline-form--row">
      <label htmlFor="receipt-code">{m.trust_verify_code_label()}</label>
      <input id="receipt-code" name="code" required maxLength={40} autoCapitalize="characters" autoComplete="off" spellCheck={false} />
      <button type="submit" className="button button--small">
        {m.trust_verify_button()}
      </button>
    </Form>
  );
}

export default function VerifyReceipt({ loaderData }: Route.ComponentProps) {
  const { state, receipt } = loaderData;
  return (
    <section className="page page--narrow verify-page" aria-labelledby="verify-title">
      {state === "genuine" && receipt ? (
        <>
          {receipt.cancelledAt ? (
            <>
              <h1 id="verify-title">{m.trust_verify_cancelled_title()}</h1>
              <p className="notice notice--error" role="alert">
                {m.trust_verify_cancelled_message({ when: longDate(indiaMinute(receipt.cancelledAt).slice(0, 10)) })}
              </p>
            </>
          ) : (
            <>
              <h1 id="verify-title">{m.trust_verify_genuine_title()}</h1>
              <p className="notice notice--ok" role="status">
                {m.trust_verify_genuine_intro()}
              </p>
            </>
          )}
          <dl className="booking-done__numbers">
            <dt>{m.bookings_receipt_no()}</dt>
            <dd>{receipt.receiptNo}</dd>
            <dt>{m.trust_verify_date()}</dt>
            <dd>{longDate(receipt.bookingDate.slice(0, 10))}</dd>
            <dt>{m.trust_verify_devotee()}</dt>
            <dd>{receipt.devotee}</dd>
            <dt>{m.bookings_total_paid()}</dt>
            <dd>{formatRupees(receipt.total)}</dd>
            {receipt.convenienceFee > 0 ? (
              <>
                <dt>{m.payouts_convenience_fee()}</dt>
                <dd>{formatRupees(receipt.convenienceFee)}</dd>
              </>
            ) : null}
          </dl>
          <table className="booking-table">
            <caption>{m.trust_verify_temples_caption()}</caption>
            <thead>
              <tr>
                <th scope="col">{m.trust_col_temple()}</th>
                <th scope="col">{m.trust_col_pujas()}</th>
                <th scope="col">{m.trust_col_donations()}</th>
              </tr>
            </thead>
            <tbody>
              {receipt.temples.map((temple) => (
                <tr key={temple.templeName}>
                  <th scope="row">{temple.templeName}</th>
                  <td>{formatRupees(temple.pujas)}</td>
                  <td>{formatRupees(temple.donations)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      ) : state === "unknown" ? (
        <>
          <h1 id="verify-title">{m.trust_verify_unknown_title()}</h1>
          <p className="notice notice--error" role="alert">
            {m.trust_verify_unknown_message()}
          </p>
          <CodeForm />
        </>
      ) : state === "limited" ? (
        <>
          <h1 id="verify-title">{m.trust_verify_title()}</h1>
          <p className="notice notice--error" role="alert">
            {m.trust_verify_limited()}
          </p>
        </>
      ) : (
        <>
          <h1 id="verify-title">{m.trust_verify_title()}</h1>
          <p>{m.trust_verify_intro()}</p>
          <CodeForm />
        </>
      )}
    </section>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
