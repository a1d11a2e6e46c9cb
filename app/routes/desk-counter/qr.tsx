/**
 * A counter sale paid by the gateway's UPI QR code: the code for the exact amount until the gateway
 * says it is paid (a webhook, or "Check payment" asking it), then the sale as a cash sale shows it.
 * Without JavaScript the page reloads itself; with it, it revalidates on the same beat.
 */
import { useEffect } from "react";
import { data, href, useRevalidator } from "react-router";
import { Form, Link } from "~/components/layout/localized";
import { deskStatusHandlers, GeneralErrorBoundary } from "~/components/layout/error-boundary";
import { findCounterQrSale } from "~/domain/bookings/counter/counter-qr.server";
import { findGatewaySaleBooking } from "~/domain/bookings/counter/gateway-sales.server";
import { checkGatewaySale } from "~/domain/ledger/gateway-sale-checks.server";
import { formatRupees } from "~/domain/text";
import { appEnv } from "~/lib/context.server";
import { dbFrom } from "~/lib/db.server";
import { currentLocale } from "~/lib/i18n";
import { indiaDateTime } from "~/lib/india-time";
import { pageMeta } from "~/lib/meta";
import { checkoutProvider } from "~/lib/payments/index.server";
import { m } from "~/paraglide/messages";
import { redirect } from "~/web/redirect.server";
import { templeDeskAccess } from "~/web/role-guards.server";
import type { Route } from "./+types/qr";
import { SaleDone } from "./counter-forms";

/** How often the page looks again while the code waits for its payment. */
const REFRESH_SECONDS = 5;

async function qrSale(context: Route.LoaderArgs["context"], orderId: string) {
  const { templeId } = templeDeskAccess(context);
  const id = Number(orderId);
  const order = Number.isSafeInteger(id) && id > 0 ? await findCounterQrSale(dbFrom(context), templeId, id) : null;
  if (!order) throw data(null, { status: 404 });
  return { templeId, order };
}

export async function loader({ params, context }: Route.LoaderArgs) {
  const db = dbFrom(context);
  let { templeId, order } = await qrSale(context, params.orderId);
  const provider = checkoutProvider(appEnv(context).config);
  // Past its time the code is closed at the gateway and the sale with it (after one last look for a payment).
  if (provider && order.status === "created" && order.expiresAt !== null && order.expiresAt <= new Date().toISOString())
    order = await checkGatewaySale(db, provider, order);
  const booking = order.status === "paid" ? await findGatewaySaleBooking(db, order.id) : null;
  return {
    templeId,
    status: order.status,
    amount: order.amount,
    payUrl: order.payUrl,
    closesAt: order.expiresAt ? indiaDateTime(Date.parse(order.expiresAt)).time : "",
    booking,
  };
}

/** "Check payment": asks the gateway now and settles what it says. */
export async function action({ params, context }: Route.ActionArgs) {
  const { templeId, order } = await qrSale(context, params.orderId);
  const provider = checkoutProvider(appEnv(context).config);
  if (provider && order.status === "created") await checkGatewaySale(dbFrom(context), provider, order);
  return redirect(href("/:lang?/desk/:templeId/counter/qr/:orderId", { templeId: String(templeId), orderId: String(order.id) }), {
    status: 303,
  });
}

export const meta = () => pageMeta(m.desk_counter_qr_meta());

export default function CounterQr({ loaderData }: Route.ComponentProps) {
  const { templeId, status, amount, payUrl, closesAt, booking } = loaderData;
  const counter = href("/:lang?/desk/:templeId/counter", { templeId: String(templeId) });
  const waiting = status === "created";
  const revalidator = useRevalidator();
  useEffect(() => {
    if (!waiting) return;
    const timer = setInterval(() => {
      if (revalidator.state === "idle") void revalidator.revalidate();
    }, REFRESH_SECONDS * 1000);
    return () => clearInterval(timer);
  }, [waiting, revalidator]);
  if (booking) return <SaleDone sale={booking} next={counter} templeId={templeId} receiptLanguage={currentLocale()} />;
  const rupees = formatRupees(amount);
  return (
    <section aria-labelledby="counter-qr-title" className="desk-form desk-counter-qr">
      {waiting ? <noscript dangerouslySetInnerHTML={{ __html: `<meta http-equiv="refresh" content="${REFRESH_SECONDS}">` }} /> : null}
      <h2 id="counter-qr-title">{m.desk_counter_qr_title()}</h2>
      {waiting ? (
        <>
          {payUrl ? <img src={payUrl} width={240} height={240} alt={m.desk_counter_qr_alt({ amount: rupees })} /> : null}
          <p role="status">{m.desk_counter_qr_waiting({ amount: rupees, time: closesAt })}</p>
          <Form method="post" className="form-actions">
            <button type="submit" className="button button--primary">
              {m.desk_counter_qr_check()}
            </button>
            <Link to={counter} className="button">
              {m.desk_counter_next_sale()}
            </Link>
          </Form>
        </>
      ) : (
        <>
          <p role="alert">{status === "refund" ? m.desk_counter_qr_refunded() : m.desk_counter_qr_closed()}</p>
          <p className="form-actions">
            <Link to={counter} className="button button--primary" autoFocus>
              {m.desk_counter_next_sale()}
            </Link>
          </p>
        </>
      )}
    </section>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary statusHandlers={deskStatusHandlers} />;
}
