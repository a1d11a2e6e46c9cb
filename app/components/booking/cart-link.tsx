import { Link } from "~/components/layout/localized";
import { usePersonalHeader } from "~/compose/hooks";
import { plural } from "~/lib/i18n";
import { m } from "~/paraglide/messages";

/**
 * The cart, with its count, for signed-in devotees: in the header bar at every width (on a
 * phone too, so what was just added is counted in sight), and in the mobile menu beside the
 * other ways around.
 */
export function CartLink({ placement = "bar" }: { placement?: "bar" | "menu" }) {
  const { customer, cartCount: count } = usePersonalHeader();
  if (!customer) return null;
  const label = count > 0 ? plural(count, m.common_cart_count_one, m.common_cart_count_other)({ count }) : m.common_cart();
  return (
    <Link to="/cart" className={`cart-link cart-link--${placement}`} aria-label={label}>
      <svg aria-hidden="true" width="22" height="22" viewBox="0 0 24 24">
        <path
          d="M3 4h2l2.4 10.2a1 1 0 0 0 1 .8h8.8a1 1 0 0 0 1-.8L20 8H6.2"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
        <circle cx="9" cy="19" r="1.6" fill="currentColor" />
        <circle cx="17" cy="19" r="1.6" fill="currentColor" />
      </svg>
      <span className="cart-link__label visually-hidden">{m.common_cart()}</span>
      {count > 0 ? (
        <span className="cart-link__count" aria-hidden="true">
          {count}
        </span>
      ) : null}
    </Link>
  );
}
