/**
 * The temple's listing on Sannidhi: what the operator checked, and the staff's own confirmation
 * that the temple consents to being listed (the second of the two checks that make it verified).
 * Withdrawing it stops payments at once.
 */
import { getFormProps } from "@conform-to/react";
import { href } from "react-router";
import { Form } from "~/components/layout/localized";
import { deskStatusHandlers, GeneralErrorBoundary } from "~/components/layout/error-boundary";
import { CheckboxField, FieldErrors, FormErrors, SubmitButton, useIsSubmitting } from "~/components/forms/form-fields";
import { useSchemaForm } from "~/components/forms/use-schema-form";
import { VerifiedBadge } from "~/components/search/verified-badge";
import { listingConfirmationSchema } from "~/domain/trust/inputs";
import { maskPan } from "~/domain/trust/tax";
import { loadVerification, setListingConfirmation } from "~/domain/trust/verification.server";
import { longDate } from "~/domain/text";
import { dbFrom } from "~/lib/db.server";
import { parseSubmission, readForm } from "~/lib/form-data.server";
import { pageMeta } from "~/lib/meta";
import { notFound } from "~/lib/not-found.server";
import { m } from "~/paraglide/messages";
import { replyFor, replyToForm } from "~/web/form-reply";
import { templeDeskAccess } from "~/web/role-guards.server";
import { backWithToast } from "~/web/staff-actions.server";
import type { Route } from "./+types/desk-listing";

export async function loader({ context }: Route.LoaderArgs) {
  const { templeId } = templeDeskAccess(context);
  const verification = await loadVerification(dbFrom(context), templeId);
  if (!verification) throw notFound();
  // What the operator checked (the PAN shown masked, as everywhere but receipts).
  const { checkedPan, checked80g, ...shown } = verification;
  return { templeId, verification: { ...shown, pan: checkedPan ? maskPan(checkedPan) : null, registration80g: checked80g } };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { templeId, user } = templeDeskAccess(context);
  const formData = await readForm(request);
  const back = href("/:lang?/desk/:templeId/listing", { templeId: String(templeId) });
  if (formData.get("intent") === "withdraw-consent") {
    await setListingConfirmation(dbFrom(context), user.id, templeId, false);
    return backWithToast(context, formData, back, { type: "success", message: m.trust_desk_consent_withdrawn() });
  }
  const submission = parseSubmission(formData, listingConfirmationSchema);
  if (submission.status !== "success") return replyToForm("confirm", submission.reply());
  await setListingConfirmation(dbFrom(context), user.id, templeId, true);
  return backWithToast(context, formData, back, { type: "success", message: m.trust_desk_confirmed() });
}

export const meta = () => pageMeta(m.trust_desk_meta());

export default function DeskListing({ loaderData, actionData }: Route.ComponentProps) {
  const { verification: v, templeId } = loaderData;
  const page = href("/:lang?/desk/:templeId/listing", { templeId: String(templeId) });
  const busy = useIsSubmitting(page);
  // A box to tick: checked again as soon as it is ticked (not on blur), so the click that follows submits.
  const [form, fields] = useSchemaForm(listingConfirmationSchema, {
    id: "listing-confirm",
    lastResult: replyFor(actionData, "confirm"),
    shouldRevalidate: "onInput",
  });
  return (
    <section aria-labelledby="listing-title">
      <h2 id="listing-title">{m.trust_desk_nav()}</h2>
      <p className="notice" role="status">
        {v.verified ? m.trust_desk_status_verified() : m.trust_desk_status_not_verified()}{" "}
        {v.verified ? <VerifiedBadge slug={v.slug} /> : null}
      </p>
      <h3>{m.trust_desk_operator_check()}</h3>
      {v.documentsCheckedAt ? (
        <>
          <p>{m.trust_desk_checked_on({ date: longDate(v.documentsCheckedAt.slice(0, 10)) })}</p>
          <dl className="desk-facts">
            <dt>{m.trust_operator_trust_name()}</dt>
            <dd>{v.trustName}</dd>
            <dt>{m.trust_operator_trust_address()}</dt>
            <dd>{v.trustAddress}</dd>
            <dt>{m.trust_operator_registration_no()}</dt>
            <dd>{v.registrationNo}</dd>
            <dt>{m.trust_operator_pan()}</dt>
            <dd>{v.pan}</dd>
            <dt>{m.trust_operator_bank_holder()}</dt>
            <dd>{v.bankAccountHolder}</dd>
            <dt>{m.trust_operator_authorised_person()}</dt>
            <dd>{v.authorisedPerson}</dd>
            <dt>{m.trust_operator_80g()}</dt>
            <dd>
              {v.registration80g && v.valid80gFrom && v.valid80gTo
                ? `${v.registration80g} (${longDate(v.valid80gFrom)} – ${longDate(v.valid80gTo)})` +
                  (v.renovationOnly ? `; ${m.trust_verified_80g_renovation()}` : "")
                : m.trust_verified_no_80g()}
            </dd>
          </dl>
          <p className="field-hint">{m.trust_desk_details_wrong()}</p>
        </>
      ) : (
        <p>{m.trust_desk_not_checked()}</p>
      )}
      <h3>{m.trust_desk_your_confirmation()}</h3>
      {v.staffConfirmedAt ? (
        <Form method="post" className="desk-form">
          <p>{m.trust_desk_confirmed_on({ date: longDate(v.staffConfirmedAt.slice(0, 10)), email: v.staffConfirmedBy ?? "" })}</p>
          <p className="field-hint">{m.trust_desk_withdraw_hint()}</p>
          <button type="submit" name="intent" value="withdraw-consent" className="button" disabled={busy}>
            {m.trust_desk_withdraw_consent()}
          </button>
        </Form>
      ) : (
        <Form method="post" className="desk-form" {...getFormProps(form)}>
          <input type="hidden" name="intent" value="confirm" />
          <CheckboxField field={fields.consent} label={m.trust_desk_consent_label()} />
          <FieldErrors id={fields.consent.errorId} errors={fields.consent.errors} />
          <div className="form-actions">
            <FormErrors form={form} />
            <SubmitButton busy={busy}>{m.trust_desk_confirm_button()}</SubmitButton>
          </div>
        </Form>
      )}
    </section>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary statusHandlers={deskStatusHandlers} />;
}
