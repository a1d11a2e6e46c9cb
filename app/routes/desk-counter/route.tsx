/**
 * The counter: staff sell a puja (or take a donation) for a devotee at the temple, paid in cash or
 * by UPI. Two steps that work without JavaScript: choose what is sold (a GET form), then the sale.
 */
import { href } from "react-router";
import { Form } from "~/components/layout/localized";
import { deskStatusHandlers, GeneralErrorBoundary } from "~/components/layout/error-boundary";
import { listStars } from "~/domain/accounts/customers.server";
import { COUNTER_MESSAGES, counterSaleSchema, COUNTER_ROWS, parseCounterItem } from "~/domain/bookings/counter/counter-inputs";
import { counterOffer, newSaleKey } from "~/domain/bookings/counter/counter-offer.server";
import { sellAtCounter } from "~/domain/bookings/counter/counter-sales.server";
import { counterReceiptNotice } from "~/domain/bookings/counter/counter-notices.server";
import { enqueueNotices, noticeStatements } from "~/domain/notifications/notify.server";
import { formatRupees } from "~/domain/text";
import { appEnv } from "~/lib/context.server";
import { openShiftSchema } from "~/domain/bookings/counter/shift-inputs";
import { findOpenShift, openShift } from "~/domain/bookings/counter/shifts.server";
import { startCounterQrSale } from "~/domain/bookings/counter/counter-qr.server";
import { checkoutProvider } from "~/lib/payments/index.server";
import { redirect } from "~/web/redirect.server";
import { dbFrom } from "~/lib/db.server";
import { parseSubmission, readForm } from "~/lib/form-data.server";
import { todayInIndia } from "~/lib/india-time";
import { currentLocale, isLocale } from "~/lib/i18n";
import { pageMeta } from "~/lib/meta";
import { m } from "~/paraglide/messages";
import { templeDeskAccess } from "~/web/role-guards.server";
import { replyFor, replyToForm } from "~/web/form-reply";
import { backWithToast } from "~/web/staff-actions.server";
import type { Route } from "./+types/route";
import { CounterSaleForm, SaleDone } from "./counter-forms";
import { ShiftPanel } from "./shift-panel";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { templeId, user } = templeDeskAccess(context);
  const db = dbFrom(context);
  const [offer, stars, shift] = await Promise.all([
    counterOffer(db, templeId, todayInIndia()),
    listStars(db),
    findOpenShift(db, templeId, user.id),
  ]);
  const chosen = new URL(request.url).searchParams.get("item") ?? "";
  const { kind, id } = /^(puja|donation)-\d+$/.test(chosen) ? parseCounterItem(chosen) : { kind: null, id: 0 };
  const puja = kind === "puja" ? (offer.pujas.find((p) => p.id === id) ?? null) : null;
  const purpose = kind === "donation" ? (offer.purposes.find((p) => p.id === id) ?? null) : null;
  return { templeId, offer, stars, item: puja || purpose ? chosen : "", puja, purpose, saleKey: newSaleKey(), shift };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { templeId, user } = templeDeskAccess(context);
  const formData = await readForm(request);
  if (formData.get("intent") === "open-shift") {
    const opening = parseSubmission(formData, openShiftSchema);
    if (opening.status !== "success") return replyToForm("open-shift", opening.reply());
    const { opened } = await openShift(dbFrom(context), templeId, user.id, opening.value.openingFloat);
    const back = href("/:lang?/desk/:templeId/counter", { templeId: String(templeId) });
    return backWithToast(context, formData, back, {
      type: "success",
      message: opened ? m.desk_shift_opened() : m.desk_shift_already_open(),
    });
  }
  const submission = parseSubmission(formData, counterSaleSchema);
  if (submission.status !== "success") return replyToForm("sale", submission.reply());
  if (submission.value.payment === "upi_qr") {
    // Paid by the gateway's QR code: the sale is made when the gateway says it is paid (its own page waits for it).
    const provider = checkoutProvider(appEnv(context).config);
    const started = provider
      ? await startCounterQrSale(dbFrom(context), provider, { id: user.id }, templeId, submission.value)
      : ({ ok: false, field: "payment", message: COUNTER_MESSAGES.gateway } as const);
    if (!started.ok) return replyToForm("sale", submission.reply({ fieldErrors: { [started.field]: [started.message] } }));
    const qrPage = href("/:lang?/desk/:templeId/counter/qr/:orderId", { templeId: String(templeId), orderId: String(started.order.id) });
    return redirect(qrPage, { status: 303 });
  }
  const env = appEnv(context);
  const db = dbFrom(context);
  // The receipt by SMS to the phone the devotee gave, written with the sale or not at all.
  const notice = await counterReceiptNotice(env, db, submission.value, request.url);
  const result = await sellAtCounter(
    db,
    { id: user.id },
    templeId,
    submission.value,
    new Date(),
    noticeStatements(db, ...(notice ? [notice] : [])),
  );
  if (result.ok && !result.repeated && notice) await enqueueNotices(env, notice.ids);
  if (!result.ok) return replyToForm("sale", submission.reply({ fieldErrors: { [result.field]: [result.message] } }));
  const language = formData.get("receiptLanguage");
  const receiptLanguage = typeof language === "string" && isLocale(language) ? language : currentLocale();
  return { form: "sold" as const, sale: result.sale, receiptLanguage };
}

export const meta = () => pageMeta(m.desk_meta_counter());

export default function DeskCounter({ loaderData, actionData }: Route.ComponentProps) {
  const { templeId, offer, stars, item, puja, purpose, saleKey, shift } = loaderData;
  const page = href("/:lang?/desk/:templeId/counter", { templeId: String(templeId) });
  if (actionData && "sale" in actionData) {
    return <SaleDone sale={actionData.sale} next={page} templeId={templeId} receiptLanguage={actionData.receiptLanguage} />;
  }
  const lastResult = replyFor(actionData && "result" in actionData ? actionData : undefined, "sale");
  const openResult = replyFor(actionData && "result" in actionData ? actionData : undefined, "open-shift");
  return (
    <section aria-labelledby="counter-title" className="desk-counter">
      <h2 id="counter-title">{m.desk_counter_title()}</h2>
      <p className="field-hint">{m.desk_counter_intro()}</p>
      <ShiftPanel templeId={templeId} shift={shift} lastResult={openResult} />
      <Form method="get" className="desk-form" aria-label={m.desk_counter_item()}>
        <label htmlFor="counter-item">{m.desk_counter_item()}</label>
        <select id="counter-item" name="item" defaultValue={item} required>
          <option value="">{m.desk_counter_choose()}</option>
          {offer.pujas.length > 0 ? (
            <optgroup label={m.desk_counter_pujas()}>
              {offer.pujas.map((p) => (
                <option key={p.id} value={`puja-${p.id}`}>
                  {`${p.name} · ₹${formatRupees(p.rate)}`}
                </option>
              ))}
            </optgroup>
          ) : null}
          {offer.purposes.length > 0 ? (
            <optgroup label={m.desk_counter_donations()}>
              {offer.purposes.map((p) => (
                <option key={p.id} value={`donation-${p.id}`}>
                  {p.name}
                </option>
              ))}
            </optgroup>
          ) : null}
        </select>
        <div className="form-actions">
          <button type="submit" className="button">
            {m.desk_counter_choose_button()}
          </button>
        </div>
      </Form>
      {item ? (
        <CounterSaleForm
          key={`${item}-${saleKey}`}
          item={item}
          saleKey={saleKey}
          puja={puja}
          purpose={purpose}
          stars={stars}
          rows={COUNTER_ROWS}
          lastResult={lastResult}
          action={`${page}?item=${item}`}
          cancel={page}
        />
      ) : null}
    </section>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary statusHandlers={deskStatusHandlers} />;
}
