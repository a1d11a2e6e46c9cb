import { Form } from "~/components/layout/localized";
import { plural } from "~/lib/i18n";
import { m } from "~/paraglide/messages";
import type { Cart } from "~/domain/bookings/cart/cart.server";
import type { CartLine } from "~/domain/bookings/cart/cart-pricing";
import { NEARLY_FULL } from "~/domain/bookings/seats/capacity";
import { TempleGroupTables } from "../../components/booking/booking-tables";

/** The remove column, its words read at render in the page's language. */
const removeColumn = () => ({
  label: m.bookings_remove(),
  render: (line: CartLine) => (
    <>
      {line.problem ? <span className="booking-table__problem">{line.problem}</span> : null}
      {/* A limited puja's day that is nearly full: adding to the cart holds nothing. */}
      {!line.problem && line.seatsLeft !== null && line.seatsLeft <= NEARLY_FULL ? (
        <span className="cart-seats-note">
          {plural(line.seatsLeft, m.bookings_cart_nearly_full_one, m.bookings_cart_nearly_full_other)({ count: line.seatsLeft })}
        </span>
      ) : null}
      <Form method="post" action="/cart">
        <input type="hidden" name="itemId" value={line.id} />
        <button
          type="submit"
          name="intent"
          value="remove"
          className="link-button"
          aria-label={m.bookings_remove_line({ item: line.itemName, devotee: line.devoteeName })}
        >
          {m.bookings_remove()}
        </button>
      </Form>
    </>
  ),
});

/** The cart by temple, each line with its remove button and any reason it cannot be paid for. */
export function CartGroups({ cart }: { cart: Cart }) {
  const remove = removeColumn();
  return (
    <div className="cart-groups">
      {cart.totals.temples.map((group) => (
        <TempleGroupTables key={group.templeId} group={group} extra={remove} donationExtra={remove} />
      ))}
    </div>
  );
}
