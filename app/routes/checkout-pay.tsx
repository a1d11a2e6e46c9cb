/**
 * Razorpay's hosted checkout: a plain form posted to Razorpay (it works without
 * JavaScript). Razorpay posts the signed result back to /payments/callback.
 */
import { data, redirect } from "react-router";
import { GatewayForm } from "~/components/cart-gateway-form";
import { findOrderOutcome } from "~/domain/checkout.server";
import { formatRupees } from "~/domain/text";
import { requireCustomer } from "~/lib/auth.server";
import { dbFrom } from "~/lib/db.server";
import { appEnv } from "~/lib/context.server";
import { RAZORPAY_HOSTED_CHECKOUT } from "~/lib/payments/razorpay.server";
import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/checkout-pay";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const session = await requireCustomer(context, request);
  const { config } = appEnv(context);
  const order = await findOrderOutcome(dbFrom(context), session.customer.id, params.orderId);
  if (!order || order.provider !== "razorpay" || !config.RAZORPAY_KEY_ID) throw data(null, { status: 404 });
  if (order.status === "paid") throw redirect(`/checkout/done/${encodeURIComponent(params.orderId)}`);
  const origin = new URL(request.url).origin;
  return {
    action: RAZORPAY_HOSTED_CHECKOUT,
    amount: order.amount,
    fields: {
      key_id: config.RAZORPAY_KEY_ID,
      order_id: params.orderId,
      amount: String(order.amount),
      currency: "INR",
      name: config.SITE_NAME,
      description: `Puja and donation booking (${order.lines.length} ${order.lines.length === 1 ? "item" : "items"})`,
      "prefill[name]": session.customer.firstName,
      "prefill[email]": session.customer.email,
      callback_url: `${origin}/payments/callback`,
      cancel_url: `${origin}/cart`,
    },
  };
}

export const meta = () => pageMeta("Payment");
export const headers = () => ({ "Cache-Control": "private, no-store" });

export default function RazorpayPayment({ loaderData }: Route.ComponentProps) {
  return (
    <section className="page page--narrow" aria-labelledby="pay-title">
      <h1 id="pay-title">Payment</h1>
      <p>
        You will pay <strong>{formatRupees(loaderData.amount)}</strong> on Razorpay's secure page, then come back here.
      </p>
      <GatewayForm action={loaderData.action} fields={loaderData.fields} primary>
        Pay {formatRupees(loaderData.amount)} with Razorpay
      </GatewayForm>
    </section>
  );
}
