/**
 * Razorpay's hosted checkout: a plain form posted to Razorpay (it works without
 * JavaScript). Razorpay posts the signed result back to /payments/callback.
 */
import { MessageWith } from "~/components/layout/message-with";
import { paymentCallbackPath, plural } from "~/lib/i18n";
import { redirect } from "~/web/redirect.server";
import { m } from "~/paraglide/messages";
import { GatewayForm } from "~/components/booking/cart-gateway-form";
import { checkOrderForPayment } from "~/domain/bookings/cart/checkout.server";
import { formatRupees } from "~/domain/text";
import { requireCustomer } from "~/web/auth.server";
import { dbFrom } from "~/lib/db.server";
import { appEnv } from "~/lib/context.server";
import { hostedCheckoutUrl } from "~/lib/payments/razorpay.server";
import { razorpayApiBase } from "~/lib/payments/index.server";
import { pageMeta } from "~/lib/meta";
import { redirectWithToast } from "~/lib/toast.server";
import type { Route } from "./+types/checkout-pay";
import { notFound } from "~/lib/not-found.server";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const session = await requireCustomer(context, request);
  const { config } = appEnv(context);
  if (!config.RAZORPAY_KEY_ID) throw notFound();
  // Re-checked every time: an expired or changed order sends the devotee back to the cart.
  const check = await checkOrderForPayment(dbFrom(context), session.customer.id, params.orderId);
  if (!check || (check.state === "payable" && check.order.provider !== "razorpay")) throw notFound();
  if (check.state === "done") throw redirect(`/checkout/done/${encodeURIComponent(params.orderId)}`);
  if (check.state === "closed") throw await redirectWithToast("/cart", config.SESSION_SECRET, { type: "error", message: check.message });
  const { order, secondsLeft } = check;
  const origin = new URL(request.url).origin;
  return {
    action: hostedCheckoutUrl(razorpayApiBase(config)),
    amount: order.amount,
    minutesLeft: Math.max(1, Math.floor(secondsLeft / 60)),
    fields: {
      key_id: config.RAZORPAY_KEY_ID,
      order_id: params.orderId,
      amount: String(order.amount),
      currency: "INR",
      name: config.SITE_NAME,
      description: plural(
        order.lines.length,
        m.bookings_gateway_description_one,
        m.bookings_gateway_description_other,
      )({
        count: order.lines.length,
      }),
      "prefill[name]": session.customer.firstName,
      "prefill[email]": session.customer.email,
      // Razorpay closes its checkout when the order expires here.
      timeout: String(secondsLeft),
      callback_url: `${origin}${paymentCallbackPath()}`,
      cancel_url: `${origin}/cart`,
    },
  };
}

export const meta = () => pageMeta(m.bookings_payment());
export const headers = () => ({ "Cache-Control": "private, no-store" });

export default function RazorpayPayment({ loaderData }: Route.ComponentProps) {
  const amount = formatRupees(loaderData.amount);
  return (
    <section className="page page--narrow" aria-labelledby="pay-title">
      <h1 id="pay-title">{m.bookings_payment()}</h1>
      <p>
        <MessageWith message={(mark) => m.bookings_razorpay_intro({ amount: mark })}>
          <strong>{amount}</strong>
        </MessageWith>
      </p>
      <p className="field-hint">
        {plural(loaderData.minutesLeft, m.bookings_pay_within_one, m.bookings_pay_within_other)({ minutes: loaderData.minutesLeft })}
      </p>
      <GatewayForm action={loaderData.action} fields={loaderData.fields} primary>
        {m.bookings_pay_with_razorpay({ amount })}
      </GatewayForm>
    </section>
  );
}
