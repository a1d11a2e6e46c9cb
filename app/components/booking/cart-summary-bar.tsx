import { Link } from "~/components/layout/localized";
import { usePersonalHeader } from "~/compose/hooks";
import { plural } from "~/lib/i18n";
import { m } from "~/paraglide/messages";

/**
 * A reminder of what is waiting in the cart, with the way to it: shown to a signed-in
 * devotee with lines in the cart (the root loader counts them once per request).
 */
export function CartSummaryBar() {
  const { customer, cartCount } = usePersonalHeader();
  const count = customer ? cartCount : 0;
  if (count === 0) return null;
  return (
    <p className="cart-bar" role="status">
      <span>{plural(count, m.bookings_cart_bar_one, m.bookings_cart_bar_other)({ count })}</span>
      <Link className="button button--accent button--small" to="/cart">
        {m.bookings_go_to_cart()}
      </Link>
    </p>
  );
}
