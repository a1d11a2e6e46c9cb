import { Link } from "~/components/localized";

/** A reminder of what is waiting in the cart, with the way to it. */
export function CartSummaryBar({ count }: { count: number }) {
  return (
    <p className="cart-bar" role="status">
      <span>
        {count} {count === 1 ? "item" : "items"} in your cart
      </span>
      <Link className="button button--accent button--small" to="/cart">
        Go to cart
      </Link>
    </p>
  );
}
