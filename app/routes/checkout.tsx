/** Starts paying for the cart: a payment order priced from D1, then the gateway's page. */
import { href } from "react-router";
import { redirect } from "~/web/redirect.server";
import { CHECKOUT_MESSAGES, startCheckout } from "~/domain/bookings/cart/checkout.server";
import { requireCustomer } from "~/web/auth.server";
import { dbFrom } from "~/lib/db.server";
import { appEnv } from "~/lib/context.server";
import { checkoutProvider } from "~/lib/payments/index.server";
import { redirectWithToast } from "~/lib/toast.server";
import { presentedPass } from "~/web/release-pass.server";
import { servedTurn } from "~/web/served-turn.server";
import type { Route } from "./+types/checkout";

export async function loader() {
  return redirect("/cart");
}

export async function action({ request, context }: Route.ActionArgs) {
  const { customer, sessionId } = await requireCustomer(context, request);
  const { config } = appEnv(context);
  const fail = (message: string) => redirectWithToast("/cart", config.SESSION_SECRET, { type: "error", message }, { status: 303 });
  const provider = checkoutProvider(config);
  if (!provider) return fail(CHECKOUT_MESSAGES.unavailable);
  const pass = presentedPass(request, config.SESSION_SECRET, sessionId);
  const started = await startCheckout(dbFrom(context), provider, customer.id, new Date(), pass);
  // Seats held (maybe the last) or refused: the room looks whether any seat of its opening is left at all.
  servedTurn(context, pass, started.ok || !started.room);
  // A date that needs the waiting room's pass: to the room, which gives this session its own on the devotee's turn.
  if (!started.ok && started.room) {
    const room = `${href("/:lang?/t/:slug/wait", { slug: started.room.slug })}?release=${started.room.releaseId}`;
    return redirectWithToast(room, config.SESSION_SECRET, { type: "error", message: started.message }, { status: 303 });
  }
  if (!started.ok) return fail(started.message);
  return redirect(`/checkout/pay/${encodeURIComponent(started.providerOrderId)}`, { status: 303 });
}
