import { data, useNavigation } from "react-router";
import { m } from "~/paraglide/messages";
import { Form, Link } from "~/components/layout/localized";
import { z } from "zod";
import { CartGroups } from "./cart-groups";
import { GeneralErrorBoundary } from "~/components/layout/error-boundary";
import { CART_LIMIT_MESSAGES, MAX_CART_LINES } from "~/domain/bookings/cart/cart";
import { formatRupees } from "~/domain/text";
import { addRequestToCart, CART_MESSAGES, loadCart, removeCartItem } from "~/domain/bookings/cart/cart.server";
import { requireCustomer } from "~/web/auth.server";
import { dbFrom } from "~/lib/db.server";
import { appEnv } from "~/lib/context.server";
import { checkoutProvider } from "~/lib/payments/index.server";
import { CHECKOUT_MESSAGES } from "~/domain/bookings/cart/checkout-messages";
import { pageMeta } from "~/lib/meta";
import { redirectWithToast } from "~/lib/toast.server";
import { safeRedirect } from "~/lib/safe-redirect";
import type { Route } from "./+types/route";
import { readForm } from "~/lib/form-data.server";
import { currentLocale, plural } from "~/lib/i18n";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { customer } = await requireCustomer(context, request);
  // Without a payment gateway the devotee is told before choosing to pay, not after.
  const paymentsAvailable = checkoutProvider(appEnv(context).config) !== null;
  return { cart: await loadCart(dbFrom(context), customer.id, { locale: currentLocale() }), paymentsAvailable };
}

const cartActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("remove"), itemId: z.coerce.number().int().positive() }),
  z.object({ intent: z.literal("add-request"), requestId: z.coerce.number().int().positive() }),
]);

export async function action({ request, context }: Route.ActionArgs) {
  const { customer } = await requireCustomer(context, request);
  const formData = await readForm(request);
  const parsed = cartActionSchema.safeParse(Object.fromEntries(formData));
  if (!parsed.success) throw data(m.bookings_unknown_form(), { status: 400 });
  const db = dbFrom(context);
  const secret = appEnv(context).config.SESSION_SECRET;
  if (parsed.data.intent === "remove") {
    await removeCartItem(db, customer.id, parsed.data.itemId);
    return redirectWithToast("/cart", secret, { type: "success", message: CART_MESSAGES.removed }, { status: 303 });
  }
  const added = await addRequestToCart(db, customer.id, parsed.data.requestId);
  const back = safeRedirect(formData.get("redirectTo"), "/cart");
  return redirectWithToast(
    added.ok ? "/cart" : back,
    secret,
    { type: added.ok ? "success" : "error", message: added.message },
    { status: 303 },
  );
}

export const meta = () => pageMeta(m.bookings_cart_title());
export const headers = () => ({ "Cache-Control": "private, no-store" });

export default function CartPage({ loaderData }: Route.ComponentProps) {
  const { cart, paymentsAvailable } = loaderData;
  const navigation = useNavigation();
  const paying = navigation.state !== "idle" && navigation.formAction === "/checkout";
  return (
    <section className="page cart-page" aria-labelledby="cart-title">
      <h1 id="cart-title">{m.bookings_cart_title()}</h1>
      {cart.lines.length === 0 ? (
        <div className="empty-state">
          <p>{m.bookings_cart_empty()}</p>
          <Link className="button button--primary" to="/temples">
            {m.bookings_find_temple()}
          </Link>
        </div>
      ) : (
        <>
          <CartGroups cart={cart} />
          <div className="cart-pay">
            {cart.totals.convenienceFee > 0 ? <p className="field-hint">{m.payouts_convenience_note()}</p> : null}
            <p className="cart-pay__total">
              {m.bookings_grand_total()} <strong data-testid="cart-grand-total">{formatRupees(cart.totals.grandTotal)}</strong>
            </p>
            {!paymentsAvailable ? (
              <p className="notice" role="status">
                {CHECKOUT_MESSAGES.unavailable} {m.bookings_cart_kept()}
              </p>
            ) : cart.payable ? (
              // A document load, not a client navigation: the payment page's own policy (its form may
              // post to the gateway, form-action) applies only to a page loaded as a document.
              <Form method="post" action="/checkout" reloadDocument>
                <button type="submit" className="button button--primary" disabled={paying} aria-busy={paying || undefined}>
                  {m.bookings_proceed_to_payment()}
                </button>
              </Form>
            ) : (
              <p className="notice" role="alert">
                {cart.overCap ? CART_LIMIT_MESSAGES.overCap : m.bookings_cart_has_problems()}
              </p>
            )}
            <p className="field-hint" data-testid="cart-limit">
              {`${CART_LIMIT_MESSAGES.rule} ${cartCount(cart.lines.length)}`}
            </p>
            <p className="field-hint">{m.bookings_no_cancellation()}</p>
          </div>
        </>
      )}
    </section>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}

/** "Your cart has 3 of 50.", in the page's language ("1 आइटम है", "3 आइटम हैं"). */
const cartCount = (count: number) => plural(count, m.bookings_cart_count_one, m.bookings_cart_count_other)({ count, max: MAX_CART_LINES });
