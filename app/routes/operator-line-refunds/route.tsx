/**
 * "Refund a booking line" (issue 43): an operator finds a booking paid online by its tracking
 * number or payment id, sees where each line's money is, and refunds one line with a reason: its
 * transfer is taken back from the temple first, then the devotee is refunded (ledger/line-refunds).
 */
import { Form } from "~/components/layout/localized";
import { DeskTable } from "~/components/desk/desk-table";
import { deskStatusHandlers, GeneralErrorBoundary } from "~/components/layout/error-boundary";
import { findBookingForLineRefund, type RefundableBookingLine } from "~/domain/ledger/line-refund-view.server";
import { type LineRefundRefusal, refundBookedLine } from "~/domain/ledger/line-refunds.server";
import { tellLineRefund } from "~/domain/ledger/line-refund-emails.server";
import { linkOrigin } from "~/lib/public-origin.server";
import { formatRupees, longDate } from "~/domain/text";
import { appEnv } from "~/lib/context.server";
import { dbFrom } from "~/lib/db.server";
import { readForm } from "~/lib/form-data.server";
import { pageMeta } from "~/lib/meta";
import { checkoutProvider, payoutGateway } from "~/lib/payments/index.server";
import { m } from "~/paraglide/messages";
import { operatorAccess } from "~/web/role-guards.server";
import { backWithToast } from "~/web/staff-actions.server";
import type { Route } from "./+types/route";

const REASON_MAX = 500;

export async function loader({ request, context }: Route.LoaderArgs) {
  const query = new URL(request.url).searchParams.get("q")?.trim() ?? "";
  return { query, booking: query ? await findBookingForLineRefund(dbFrom(context), query) : null };
}

const REFUSALS: Record<LineRefundRefusal, () => string> = {
  notFound: m.payouts_transfer_refused_not_found,
  notRefundable: m.payouts_transfer_refused_not_refundable,
  already: m.payouts_transfer_refused_already,
  reasonRequired: m.payouts_transfer_refused_reason_required,
};

export async function action({ request, context }: Route.ActionArgs) {
  const user = operatorAccess(context);
  const formData = await readForm(request, { textCharacters: REASON_MAX + 100 });
  const back = `/operator/line-refunds?q=${encodeURIComponent(String(formData.get("q") ?? "").slice(0, 60))}`;
  const config = appEnv(context).config;
  const provider = checkoutProvider(config);
  if (!provider) return backWithToast(context, formData, back, { type: "error", message: m.operator_refund_no_gateway() });
  const db = dbFrom(context);
  const result = await refundBookedLine(db, { provider, route: payoutGateway(config) }, user.id, {
    lineId: String(formData.get("lineId") ?? ""),
    reason: String(formData.get("reason") ?? ""),
  });
  if (!result.ok) return backWithToast(context, formData, back, { type: "error", message: REFUSALS[result.reason]() });
  // The devotee is told once the gateway accepted it (else housekeeping tells them when it does).
  if (result.status !== "due") await tellLineRefund(appEnv(context), db, result.id, linkOrigin(config, request.url));
  return backWithToast(context, formData, back, {
    type: "success",
    message:
      result.status === "due"
        ? m.payouts_transfer_refund_due({ error: m.operator_refunds_state_due() })
        : m.payouts_transfer_refund_done({ amount: formatRupees(result.amount) }),
  });
}

export const meta = () => pageMeta(m.payouts_transfer_line_refunds_title());

function moneyText(line: RefundableBookingLine) {
  switch (line.state) {
    case "transferred":
      return m.payouts_transfer_state_transferred();
    case "held":
      return m.payouts_transfer_state_held({ date: line.holdUntil ? longDate(line.holdUntil) : "—" });
    case "refunded":
      return m.payouts_transfer_state_refunded();
    case "refund-open":
      return m.payouts_transfer_state_refund_open();
    case "no-linked-account":
      return m.payouts_transfer_state_no_account();
    case "failed":
      return m.payouts_transfer_state_failed();
    case "not-sent":
      return m.payouts_transfer_state_not_sent();
    default:
      return m.payouts_transfer_state_not_planned();
  }
}

export default function OperatorLineRefunds({ loaderData }: Route.ComponentProps) {
  const { query, booking } = loaderData;
  return (
    <section aria-labelledby="line-refunds-title">
      <h2 id="line-refunds-title">{m.payouts_transfer_line_refunds_title()}</h2>
      <p className="field-hint">{m.payouts_transfer_line_refunds_intro()}</p>
      <Form method="get" className="desk-inline-form">
        <label>
          {m.payouts_transfer_find_label()}
          <input name="q" defaultValue={query} maxLength={60} required autoComplete="off" />
        </label>
        <button type="submit" className="button button--small">
          {m.payouts_transfer_find_button()}
        </button>
      </Form>
      {query && !booking ? <p className="empty-state">{m.payouts_transfer_not_found()}</p> : null}
      {booking ? (
        <DeskTable
          caption={m.payouts_transfer_caption({ trackingNo: booking.trackingNo, payment: booking.paymentRef })}
          headings={[
            m.payouts_transfer_col_line(),
            m.operator_col_amount(),
            m.payouts_transfer_col_money(),
            m.operator_refunds_col_actions(),
          ]}
        >
          {booking.lines.map((line) => (
            <tr key={line.id} data-line={line.id}>
              <th scope="row">
                {line.itemName}
                <span className="booking-table__note">
                  {line.templeName}
                  {line.pujaDate ? ` · ${longDate(line.pujaDate)}` : ""}
                </span>
              </th>
              <td className="num">{formatRupees(line.booked)}</td>
              <td>{moneyText(line)}</td>
              <td>
                {line.refundable ? (
                  <Form method="post" className="desk-inline-form" aria-label={m.payouts_transfer_refund_button()}>
                    <input type="hidden" name="lineId" value={line.id} />
                    <input type="hidden" name="q" value={query} />
                    <label>
                      {m.payouts_transfer_reason_label()}
                      <input name="reason" required maxLength={REASON_MAX} autoComplete="off" />
                    </label>
                    <button type="submit" className="button button--small">
                      {m.payouts_transfer_refund_button()}
                    </button>
                  </Form>
                ) : null}
              </td>
            </tr>
          ))}
        </DeskTable>
      ) : null}
    </section>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary statusHandlers={deskStatusHandlers} />;
}
