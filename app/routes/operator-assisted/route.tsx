/**
 * "Book for a devotee" (operators, assisted temples only): the counter's form for a devotee who
 * phoned in, paid by a payment link sent to them; and the assisted bookings with what became of
 * each link. Works without JavaScript: choose the temple and what is sold (GET forms), then post.
 */
import { href } from "react-router";
import { DeskTable } from "~/components/desk/desk-table";
import { Form } from "~/components/layout/localized";
import { deskStatusHandlers, GeneralErrorBoundary } from "~/components/layout/error-boundary";
import { listStars } from "~/domain/accounts/customers.server";
import { assistedSaleSchema } from "~/domain/bookings/counter/assisted-inputs";
import { ASSISTED_MESSAGES } from "~/domain/bookings/counter/assisted-inputs";
import {
  type AssistedBooking,
  assistedTemples,
  listAssistedBookings,
  openAssistedOrders,
  startAssistedBooking,
} from "~/domain/bookings/counter/assisted-sales.server";
import { COUNTER_ROWS, parseCounterItem } from "~/domain/bookings/counter/counter-inputs";
import { counterOffer } from "~/domain/bookings/counter/counter-offer.server";
import { checkGatewaySale } from "~/domain/ledger/gateway-sale-checks.server";
import { formatRupees } from "~/domain/text";
import { appEnv } from "~/lib/context.server";
import { dbFrom } from "~/lib/db.server";
import { parseSubmission, readForm } from "~/lib/form-data.server";
import { todayInIndia } from "~/lib/india-time";
import { pageMeta } from "~/lib/meta";
import { checkoutProvider } from "~/lib/payments/index.server";
import { m } from "~/paraglide/messages";
import { replyToForm } from "~/web/form-reply";
import { operatorAccess } from "~/web/role-guards.server";
import { backWithToast } from "~/web/staff-actions.server";
import type { Route } from "./+types/route";
import { AssistedForm } from "./assisted-form";

export async function loader({ request, context }: Route.LoaderArgs) {
  const db = dbFrom(context);
  const url = new URL(request.url);
  const [temples, bookings, stars] = await Promise.all([assistedTemples(db), listAssistedBookings(db), listStars(db)]);
  const temple = temples.find((t) => String(t.id) === url.searchParams.get("temple")) ?? null;
  const offer = temple ? await counterOffer(db, temple.id, todayInIndia()) : null;
  const chosen = url.searchParams.get("item") ?? "";
  const { kind, id } = /^(puja|donation)-\d+$/.test(chosen) ? parseCounterItem(chosen) : { kind: null, id: 0 };
  const puja = offer && kind === "puja" ? (offer.pujas.find((p) => p.id === id) ?? null) : null;
  const purpose = offer && kind === "donation" ? (offer.purposes.find((p) => p.id === id) ?? null) : null;
  return { temples, temple, offer, stars, item: puja || purpose ? chosen : "", puja, purpose, bookings };
}

export async function action({ request, context }: Route.ActionArgs) {
  const operator = operatorAccess(context);
  const formData = await readForm(request);
  const db = dbFrom(context);
  const env = appEnv(context);
  const page = href("/:lang?/operator/assisted");
  const provider = checkoutProvider(env.config);
  if (formData.get("intent") === "check") {
    // The operator asks the gateway about the open links now (reconciliation does it too, later).
    if (provider) for (const order of await openAssistedOrders(db)) await checkGatewaySale(db, provider, order);
    return backWithToast(context, formData, page, { type: "success", message: m.operator_assisted_checked() });
  }
  const submission = parseSubmission(formData, assistedSaleSchema);
  if (submission.status !== "success") return replyToForm("assisted", submission.reply());
  if (!provider) return replyToForm("assisted", submission.reply({ formErrors: [ASSISTED_MESSAGES.gateway] }));
  const started = await startAssistedBooking(env, db, provider, { id: operator.id }, submission.value);
  // A temple that is not assisted has no form to show its field's error on: the page says it.
  if (!started.ok && started.field === "templeId") return replyToForm("assisted", submission.reply({ formErrors: [started.message] }));
  if (!started.ok) return replyToForm("assisted", submission.reply({ fieldErrors: { [started.field]: [started.message] } }));
  return backWithToast(context, formData, page, { type: "success", message: m.operator_assisted_sent({ email: submission.value.email }) });
}

export const meta = () => pageMeta(m.operator_assisted_title());

function statusText(booking: AssistedBooking) {
  if (booking.status === "paid") return m.operator_assisted_status_paid({ trackingNo: booking.trackingNo ?? "" });
  if (booking.status === "expired") return m.operator_assisted_status_expired();
  if (booking.status === "refund") return m.operator_assisted_status_refund();
  if (booking.status === "failed") return m.operator_assisted_status_failed();
  return m.operator_assisted_status_created();
}

export default function OperatorAssisted({ loaderData, actionData }: Route.ComponentProps) {
  const { temples, temple, offer, stars, item, puja, purpose, bookings } = loaderData;
  const page = href("/:lang?/operator/assisted");
  const lastResult = actionData && "result" in actionData ? actionData.result : undefined;
  return (
    <section aria-labelledby="assisted-title">
      <h2 id="assisted-title">{m.operator_assisted_title()}</h2>
      <p className="field-hint">{m.operator_assisted_intro()}</p>
      {temples.length === 0 ? (
        <p className="empty-state">{m.operator_assisted_no_temples()}</p>
      ) : (
        <Form method="get" className="desk-form" aria-label={m.operator_assisted_temple()}>
          <label htmlFor="assisted-temple">{m.operator_assisted_temple()}</label>
          <select id="assisted-temple" name="temple" defaultValue={temple ? String(temple.id) : ""} required>
            <option value="">{m.desk_counter_choose()}</option>
            {temples.map((t) => (
              <option key={t.id} value={t.id}>
                {t.name}
              </option>
            ))}
          </select>
          {temple && offer ? (
            <>
              <label htmlFor="assisted-item">{m.desk_counter_item()}</label>
              <select id="assisted-item" name="item" defaultValue={item}>
                <option value="">{m.desk_counter_choose()}</option>
                <optgroup label={m.desk_counter_pujas()}>
                  {offer.pujas.map((p) => (
                    <option key={p.id} value={`puja-${p.id}`}>{`${p.name} · ${formatRupees(p.rate)}`}</option>
                  ))}
                </optgroup>
                <optgroup label={m.desk_counter_donations()}>
                  {offer.purposes.map((p) => (
                    <option key={p.id} value={`donation-${p.id}`}>
                      {p.name}
                    </option>
                  ))}
                </optgroup>
              </select>
            </>
          ) : null}
          <div className="form-actions">
            <button type="submit" className="button">
              {m.desk_counter_choose_button()}
            </button>
          </div>
        </Form>
      )}
      {!(temple && item) && lastResult?.error?.[""] ? <p role="alert">{lastResult.error[""].join(" ")}</p> : null}
      {temple && item ? (
        <AssistedForm
          key={`${temple.id}-${item}`}
          templeId={temple.id}
          item={item}
          puja={puja}
          purpose={purpose}
          stars={stars}
          rows={COUNTER_ROWS}
          lastResult={lastResult}
          action={`${page}?temple=${temple.id}&item=${item}`}
        />
      ) : null}
      <h3>{m.operator_assisted_list()}</h3>
      <Form method="post" className="form-actions">
        <input type="hidden" name="intent" value="check" />
        <button type="submit" className="button">
          {m.operator_assisted_check()}
        </button>
      </Form>
      {bookings.length === 0 ? (
        <p className="empty-state">{m.operator_assisted_none()}</p>
      ) : (
        <DeskTable
          caption={m.operator_assisted_list()}
          headings={[
            m.operator_assisted_col_created(),
            m.operator_assisted_col_devotee(),
            m.operator_assisted_col_item(),
            m.operator_assisted_col_amount(),
            m.operator_assisted_col_status(),
            m.operator_assisted_col_link(),
          ]}
        >
          {bookings.map((booking) => (
            <tr key={booking.id} data-testid="assisted-booking">
              <td>{booking.createdAt.slice(0, 16).replace("T", " ")}</td>
              <td>{booking.contact ? `${booking.contact.name} · ${booking.contact.email} · ${booking.contact.phone}` : ""}</td>
              <td>{`${booking.templeName} · ${booking.itemName}`}</td>
              <td>{formatRupees(booking.amount)}</td>
              <td>{statusText(booking)}</td>
              <td>{booking.payUrl && booking.status === "created" ? <a href={booking.payUrl}>{booking.payUrl}</a> : null}</td>
            </tr>
          ))}
        </DeskTable>
      )}
    </section>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary statusHandlers={deskStatusHandlers} />;
}
