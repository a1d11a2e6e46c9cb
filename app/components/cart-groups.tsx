import { Form } from "~/components/localized";
import type { Cart } from "~/domain/cart.server";
import type { CartLine } from "~/domain/cart-pricing";
import { TempleGroupTables } from "./booking-tables";

const REMOVE = {
  label: "Remove",
  render: (line: CartLine) => (
    <>
      {line.problem ? <span className="booking-table__problem">{line.problem}</span> : null}
      <Form method="post" action="/cart">
        <input type="hidden" name="itemId" value={line.id} />
        <button type="submit" name="intent" value="remove" className="link-button" aria-label={`Remove ${line.itemName} for ${line.devoteeName}`}>
          Remove
        </button>
      </Form>
    </>
  ),
};

/** The cart by temple, each line with its remove button and any reason it cannot be paid for. */
export function CartGroups({ cart }: { cart: Cart }) {
  return (
    <div className="cart-groups">
      {cart.totals.temples.map((group) => (
        <TempleGroupTables key={group.templeId} group={group} extra={REMOVE} donationExtra={REMOVE} />
      ))}
    </div>
  );
}
