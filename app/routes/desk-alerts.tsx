/**
 * Where the temple's alerts go: one phone (WhatsApp or SMS), for a new booking or request (so a
 * booking made at night is seen before the morning puja) and for a morning digest of the day
 * sheet. Staff of the temple and operators set it; another temple's staff get a 404 (the
 * desk layout's guard).
 */
import { href } from "react-router";
import { DeskForm } from "~/components/desk/desk-form";
import { CheckboxField, TextField, useIsSubmitting } from "~/components/forms/form-fields";
import { useSchemaForm } from "~/components/forms/use-schema-form";
import { deskStatusHandlers, GeneralErrorBoundary } from "~/components/layout/error-boundary";
import { Form } from "~/components/layout/localized";
import { templeAlertsSchema } from "~/domain/notifications/inputs";
import { loadTempleAlerts, removeTempleAlerts, saveTempleAlerts } from "~/domain/notifications/temple-alerts.server";
import { dbFrom } from "~/lib/db.server";
import { currentLocale } from "~/lib/i18n";
import { parseSubmission, readForm } from "~/lib/form-data.server";
import { indiaMinute } from "~/lib/india-time";
import { pageMeta } from "~/lib/meta";
import { m } from "~/paraglide/messages";
import { replyFor, replyToForm } from "~/web/form-reply";
import { templeDeskAccess } from "~/web/role-guards.server";
import { backWithToast } from "~/web/staff-actions.server";
import type { Route } from "./+types/desk-alerts";

export async function loader({ context }: Route.LoaderArgs) {
  const { templeId } = templeDeskAccess(context);
  return { templeId, alerts: await loadTempleAlerts(dbFrom(context), templeId) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { templeId, user } = templeDeskAccess(context);
  const formData = await readForm(request);
  const actor = { actorId: user.id, templeId };
  const back = href("/:lang?/desk/:templeId/alerts", { templeId: String(templeId) });
  if (formData.get("intent") === "remove") {
    const removed = await removeTempleAlerts(dbFrom(context), actor);
    return backWithToast(context, formData, back, { type: "success", message: removed ? m.desk_alerts_removed() : m.desk_alerts_none() });
  }
  const submission = parseSubmission(formData, templeAlertsSchema);
  if (submission.status !== "success") return replyToForm("alerts", submission.reply());
  await saveTempleAlerts(dbFrom(context), { ...actor, language: currentLocale() }, submission.value);
  return backWithToast(context, formData, back, { type: "success", message: m.desk_alerts_saved() });
}

export const meta = () => pageMeta(m.desk_alerts_title());

export default function DeskAlerts({ loaderData, actionData }: Route.ComponentProps) {
  const { templeId, alerts } = loaderData;
  const path = href("/:lang?/desk/:templeId/alerts", { templeId: String(templeId) });
  const [form, fields] = useSchemaForm(templeAlertsSchema, {
    id: "temple-alerts",
    lastResult: replyFor(actionData, "alerts"),
    defaultValue: {
      phone: alerts?.phone ?? "",
      newBookings: !alerts || alerts.newBookings ? "on" : undefined,
      morningDigest: !alerts || alerts.morningDigest ? "on" : undefined,
    },
  });
  const busy = useIsSubmitting(path, "alerts");
  return (
    <section aria-labelledby="alerts-title">
      <h2 id="alerts-title">{m.desk_alerts_title()}</h2>
      <p className="field-hint">{m.desk_alerts_intro()}</p>
      {alerts ? (
        <div role="status">
          <p>{m.desk_alerts_current({ phone: alerts.phone })}</p>
          <ul>
            <li>{alerts.newBookings ? m.desk_alerts_new_bookings_on() : m.desk_alerts_new_bookings_off()}</li>
            <li>{alerts.morningDigest ? m.desk_alerts_digest_on() : m.desk_alerts_digest_off()}</li>
          </ul>
          <p className="field-hint">{m.desk_alerts_updated({ when: indiaMinute(alerts.updatedAt) })}</p>
        </div>
      ) : (
        <p className="empty-state">{m.desk_alerts_empty()}</p>
      )}
      <DeskForm form={form} title={m.desk_alerts_form_title()} intent="alerts" submit={m.desk_alerts_save()} busy={busy}>
        <TextField field={fields.phone} label={m.desk_alerts_phone_label()} hint={m.desk_alerts_phone_hint()} type="tel" inputMode="tel" />
        <CheckboxField field={fields.newBookings} label={m.desk_alerts_new_bookings()} />
        <CheckboxField field={fields.morningDigest} label={m.desk_alerts_digest()} />
      </DeskForm>
      {alerts ? (
        <Form method="post" className="desk-form">
          <input type="hidden" name="intent" value="remove" />
          <button type="submit" className="button">
            {m.desk_alerts_remove()}
          </button>
        </Form>
      ) : null}
    </section>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary statusHandlers={deskStatusHandlers} />;
}
