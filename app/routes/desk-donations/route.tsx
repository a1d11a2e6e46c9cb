/** Donation purposes of the temple, their suggested amounts, and its 80G details. */
import { href } from "react-router";
import { Link } from "~/components/layout/localized";
import { Form10bdExport, PurposeForm, TaxDetailsForm } from "./desk-donation-forms";
import { financialYearOf } from "~/domain/trust/tax";
import { todayInIndia } from "~/lib/india-time";
import { DeskTable } from "~/components/desk/desk-table";
import { deskStatusHandlers, GeneralErrorBoundary } from "~/components/layout/error-boundary";
import { useIsSubmitting } from "~/components/forms/form-fields";
import { donationPurposeSchema, presetRupees, TEMPLE_MESSAGES as M, taxDetailsSchema } from "~/domain/temples-admin/temple-inputs";
import { listDonationPurposes, loadTempleDetails, saveDonationPurpose, updateTaxDetails } from "~/domain/temples-admin/temple.server";
import { dbFrom } from "~/lib/db.server";
import { pageMeta } from "~/lib/meta";
import { m } from "~/paraglide/messages";
import { templeDeskAccess } from "~/web/role-guards.server";
import type { Route } from "./+types/route";
import { backWithToast } from "~/web/staff-actions.server";
import { parseSubmission, readForm } from "~/lib/form-data.server";
import { notFound } from "~/lib/not-found.server";
import { replyFor, replyToForm } from "~/web/form-reply";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { templeId } = templeDeskAccess(context);
  const db = dbFrom(context);
  const [temple, purposes] = await Promise.all([loadTempleDetails(db, templeId), listDonationPurposes(db, templeId)]);
  const editId = Number(new URL(request.url).searchParams.get("edit"));
  return {
    templeId,
    registration80g: temple?.registration80g ?? null,
    pan: temple?.pan ?? null,
    purposes,
    editing: purposes.find((p) => p.id === editId) ?? null,
    // The 10BD of the year just ended is filed by May: offer it first, then the current one and two before.
    years: ((year) => [year - 1, year, year - 2, year - 3])(financialYearOf(todayInIndia())),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { templeId, user } = templeDeskAccess(context);
  const formData = await readForm(request);
  const actor = { actorId: user.id, templeId };
  const back = href("/:lang?/desk/:templeId/donations", { templeId: String(templeId) });
  if (formData.get("intent") === "tax") {
    const submission = parseSubmission(formData, taxDetailsSchema);
    if (submission.status !== "success") return replyToForm("tax", submission.reply());
    await updateTaxDetails(dbFrom(context), actor, submission.value);
    return backWithToast(context, formData, back, { type: "success", message: M.taxSaved });
  }
  const submission = parseSubmission(formData, donationPurposeSchema);
  if (submission.status !== "success") return replyToForm("purpose", submission.reply());
  if (!(await saveDonationPurpose(dbFrom(context), actor, submission.value))) throw notFound();
  return backWithToast(context, new FormData(), back, { type: "success", message: M.purposeSaved });
}

export const meta = () => pageMeta(m.desk_meta_donations());

export default function DeskDonations({ loaderData, actionData }: Route.ComponentProps) {
  const { templeId, registration80g, pan, purposes, editing, years } = loaderData;
  const page = href("/:lang?/desk/:templeId/donations", { templeId: String(templeId) });
  const busy = useIsSubmitting(page);
  return (
    <section aria-labelledby="donations-title">
      <h2 id="donations-title">{m.desk_nav_donations()}</h2>
      <TaxDetailsForm registration80g={registration80g} pan={pan} lastResult={replyFor(actionData, "tax")} busy={busy} />
      <PurposeForm key={editing?.id ?? "new"} editing={editing} lastResult={replyFor(actionData, "purpose")} busy={busy} cancelTo={page} />
      <DeskTable
        caption={m.desk_donations_caption({ count: purposes.length })}
        headings={[m.desk_col_purpose(), m.desk_col_suggested_amounts(), m.desk_col_status(), { text: m.desk_edit(), hidden: true }]}
      >
        {purposes.map((purpose) => (
          <tr key={purpose.id}>
            <th scope="row">
              {purpose.name}
              {purpose.renovation ? <span className="booking-table__note">{m.trust_desk_purpose_renovation_short()}</span> : null}
            </th>
            <td>{presetRupees(purpose.presetAmounts) || m.desk_donations_any_amount()}</td>
            <td>{purpose.active ? m.desk_donations_open() : m.desk_donations_closed()}</td>
            <td>
              <Link to={`?edit=${purpose.id}`} aria-label={m.desk_edit_named({ name: purpose.name })}>
                {m.desk_edit()}
              </Link>
            </td>
          </tr>
        ))}
      </DeskTable>
      <Form10bdExport templeId={templeId} years={years} />
    </section>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary statusHandlers={deskStatusHandlers} />;
}
