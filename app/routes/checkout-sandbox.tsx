/**
 * The local sandbox gateway's payment page (no Razorpay keys configured). A tester
 * chooses success or failure; either way the answer goes to the same callback that
 * Razorpay's hosted checkout posts to, signed the same way.
 */
import { paymentCallbackPath } from "~/lib/i18n";
import { Link } from "~/components/localized";
import { m } from "~/paraglide/messages";
import { redirect } from "~/web/redirect.server";
import { GatewayForm } from "~/components/cart-gateway-form";
import { bookingTotals } from "~/domain/bookings/cart";
import { checkOrderForPayment } from "~/domain/bookings/checkout.server";
import { namedInLanguage } from "~/domain/bookings/booked-names.server";
import { formatRupees } from "~/domain/text";
import { requireCustomer } from "~/web/auth.server";
import { dbFrom } from "~/lib/db.server";
import { appEnv } from "~/lib/context.server";
import { sandboxAllowed } from "~/lib/payments/index.server";
import { sandboxSuccessFields } from "~/lib/payments/sandbox.server";
import { pageMeta } from "~/lib/meta";
import { redirectWithToast } from "~/lib/toast.server";
import type { Route } from "./+types/checkout-sandbox";
import { notFound } from "~/lib/not-found.server";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { customer } = await requireCustomer(context, request);
  const { config } = appEnv(context);
  if (!sandboxAllowed(config)) throw notFound();
  // Re-checked every time: an expired or changed order sends the devotee back to the cart.
  const db = dbFrom(context);
  const check = await checkOrderForPayment(db, customer.id, params.orderId);
  if (!check || (check.state === "payable" && check.order.provider !== "sandbox")) throw notFound();
  if (check.state === "done") throw redirect(`/checkout/done/${encodeURIComponent(params.orderId)}`);
  if (check.state === "closed") throw await redirectWithToast("/cart", config.SESSION_SECRET, { type: "error", message: check.message });
  const { order, secondsLeft } = check;
  const success = await sandboxSuccessFields(config.SESSION_SECRET, params.orderId);
  const failure = {
    "error[code]": "BAD_REQUEST_ERROR",
    "error[description]": "Payment failed in the sandbox",
    "error[metadata]": JSON.stringify({ order_id: params.orderId }),
  };
  return {
    amount: order.amount,
    minutesLeft: Math.max(1, Math.floor(secondsLeft / 60)),
    temples: bookingTotals(await namedInLanguage(db, order.lines)).temples.map((t) => ({ name: t.templeName, total: t.total })),
    success,
    failure,
  };
}

export const meta = () => pageMeta(m.bookings_sandbox_payment());
export const headers = () => ({ "Cache-Control": "private, no-store" });

export default function SandboxPayment({ loaderData }: Route.ComponentProps) {
  const { amount, minutesLeft, temples, success, failure } = loaderData;
  return (
    <section className="page page--narrow sandbox-gateway" aria-labelledby="sandbox-title">
      <p className="sandbox-gateway__badge">{m.bookings_sandbox_badge()}</p>
      <h1 id="sandbox-title">{m.bookings_sandbox_title()}</h1>
      <p>{m.bookings_sandbox_intro()}</p>
      <ul className="sandbox-gateway__summary">
        {temples.map((temple) => (
          <li key={temple.name}>
            {temple.name}: {formatRupees(temple.total)}
          </li>
        ))}
      </ul>
      <p className="sandbox-gateway__amount">
        {m.bookings_amount_to_pay()} <strong>{formatRupees(amount)}</strong>
      </p>
      <p className="field-hint">
        {(minutesLeft === 1 ? m.bookings_sandbox_minutes_left_one : m.bookings_sandbox_minutes_left_other)({ minutes: minutesLeft })}
      </p>
      <div className="sandbox-gateway__actions">
        <GatewayForm action={paymentCallbackPath()} fields={success} primary>
          {m.bookings_sandbox_pay_success({ amount: formatRupees(amount) })}
        </GatewayForm>
        <GatewayForm action={paymentCallbackPath()} fields={failure}>
          {m.bookings_sandbox_fail()}
        </GatewayForm>
        <Link to="/cart">{m.bookings_sandbox_cancel()}</Link>
      </div>
    </section>
  );
}
