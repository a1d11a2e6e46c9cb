import { Form } from "~/components/localized";
import type { RequestRow } from "~/domain/transactions.server";
import { formatRupees, shortDate } from "~/domain/text";

/** Requested (status 2) or Accepted (status 1, with Add To Cart) puja requests. */
export function RequestsTable({ requests, accepted }: { requests: RequestRow[]; accepted: boolean }) {
  return (
    <div className="table-scroll">
      <table className="booking-table">
        <caption className="visually-hidden">{accepted ? "Accepted requests" : "Requested pujas"}</caption>
        <thead>
          <tr>
            <th scope="col">Temple</th>
            <th scope="col">Puja</th>
            <th scope="col">Devotee</th>
            <th scope="col">Date</th>
            <th scope="col" className="num">Rate</th>
            {accepted ? <th scope="col">Cart</th> : null}
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
                    <a href="/cart">In your cart</a>
                  ) : (
                    <Form method="post" action="/cart">
                      <input type="hidden" name="requestId" value={request.id} />
                      <input type="hidden" name="redirectTo" value="/account?tab=transactions&view=accepted" />
                      <button
                        type="submit"
                        name="intent"
                        value="add-request"
                        className="button button--small button--accent"
                        aria-label={`Add To Cart: ${request.pujaName} for ${request.devoteeName} on ${shortDate(request.pujaDate)}`}
                      >
                        Add To Cart
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
