import { Form, Link } from "~/components/layout/localized";
import { m } from "~/paraglide/messages";
import type { RequestRow } from "~/domain/bookings/records/transactions.server";
import { formatRupees, shortDate } from "~/domain/text";

/** Requested (status 2) or Accepted (status 1, with Add To Cart) puja requests. */
export function RequestsTable({ requests, accepted }: { requests: RequestRow[]; accepted: boolean }) {
  const label = {
    temple: m.account_temple(),
    puja: m.account_puja(),
    devotee: m.account_devotee(),
    date: m.account_date(),
    rate: m.account_rate(),
  };
  return (
    <div className="table-scroll">
      <table className="booking-table booking-table--stack">
        <caption className="visually-hidden">{accepted ? m.account_accepted_requests() : m.account_requested_pujas()}</caption>
        <thead>
          <tr>
            <th scope="col">{label.temple}</th>
            <th scope="col">{label.puja}</th>
            <th scope="col">{label.devotee}</th>
            <th scope="col">{label.date}</th>
            <th scope="col" className="num">
              {label.rate}
            </th>
            {accepted ? <th scope="col">{m.account_cart()}</th> : null}
          </tr>
        </thead>
        <tbody>
          {requests.map((request) => (
            <tr key={request.id}>
              <td data-label={label.temple}>{request.templeName}</td>
              <th scope="row">{request.pujaName}</th>
              <td data-label={label.devotee}>{request.devoteeName}</td>
              <td data-label={label.date}>{shortDate(request.pujaDate)}</td>
              <td className="num" data-label={label.rate}>
                {formatRupees(request.rate)}
              </td>
              {accepted ? (
                <td className="booking-table__action">
                  {request.inCart ? (
                    <Link to="/cart">{m.account_in_your_cart()}</Link>
                  ) : (
                    <Form method="post" action="/cart">
                      <input type="hidden" name="requestId" value={request.id} />
                      <input type="hidden" name="redirectTo" value="/account?tab=transactions&view=accepted" />
                      <button
                        type="submit"
                        name="intent"
                        value="add-request"
                        className="button button--small button--accent"
                        aria-label={m.account_add_to_cart_label({
                          pujaName: request.pujaName,
                          devoteeName: request.devoteeName,
                          date: shortDate(request.pujaDate),
                        })}
                      >
                        {m.account_add_to_cart()}
                      </button>
                    </Form>
                  )}
                </td>
              ) : null}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
