import { Link } from "~/components/localized";
import { m } from "~/paraglide/messages";

/** A reminder of what is waiting in the cart, with the way to it. */
export function CartSummaryBar({ count }: { count: number }) {
  return (
    <p className="cart-bar" role="status">
      <span>{(count === 1 ? m.bookings_cart_bar_one : m.bookings_cart_bar_other)({ count })}</span>
      <Link className="button button--accent button--small" to="/cart">
        {m.bookings_go_to_cart()}
      </Link>
    </p>
  );
}
