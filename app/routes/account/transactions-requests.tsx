import { Form, Link } from "~/components/localized";
import { m } from "~/paraglide/messages";
import type { RequestRow } from "~/domain/bookings/transactions.server";
import { formatRupees, shortDate } from "~/domain/text";

/** Requested (status 2) or Accepted (status 1, with Add To Cart) puja requests. */
export function RequestsTable({ requests, accepted }: { requests: RequestRow[]; accepted: boolean }) {
  return (
    <div className="table-scroll">
      <table className="booking-table">
        <caption className="visually-hidden">{accepted ? m.account_accepted_requests() : m.account_requested_pujas()}</caption>
        <thead>
          <tr>
            <th scope="col">{m.account_temple()}</th>
            <th scope="col">{m.account_puja()}</th>
            <th scope="col">{m.account_devotee()}</th>
            <th scope="col">{m.account_date()}</th>
            <th scope="col" className="num">{m.account_rate()}</th>
            {accepted ? <th scope="col">{m.account_cart()}</th> : null}
          </tr>
        </thead>
        <tbody>
          {requests.map((request) => (
            <tr key={request.id}>
              <td>{request.templeName}</td>
              <th scope="row">{request.pujaName}</th>
              <td>{request.devoteeName}</td>
              <td>{shortDate(request.pujaDate)}</td>
              <td className="num">{formatRupees(request.rate)}</td>
              {accepted ? (
                <td>
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
                        aria-label={m.account_add_to_cart_label({ pujaName: request.pujaName, devoteeName: request.devoteeName, date: shortDate(request.pujaDate) })}
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
