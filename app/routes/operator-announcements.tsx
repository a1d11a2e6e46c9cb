/** Portal announcements with start and end dates; display order 999 makes one the pop-up. */
import { getFormProps } from "@conform-to/react";
import { Form } from "~/components/layout/localized";
import { deskStatusHandlers, GeneralErrorBoundary } from "~/components/layout/error-boundary";
import { FormErrors, SubmitButton, TextAreaField, TextField, useIsSubmitting } from "~/components/forms/form-fields";
import { useSchemaForm } from "~/components/forms/use-schema-form";
import { ANNOUNCEMENT_POPUP_ORDER } from "~/domain/content/content.server";
import { announcementSchema, OPERATOR_MESSAGES as M } from "~/domain/temples-admin/console";
import { addAnnouncement, deleteAnnouncement, listAnnouncements } from "~/domain/temples-admin/catalogue.server";
import { todayInIndia } from "~/lib/india-time";
import { dbFrom } from "~/lib/db.server";
import { pageMeta } from "~/lib/meta";
import { operatorAccess } from "~/web/role-guards.server";
import type { Route } from "./+types/operator-announcements";
import { backWithToast } from "~/web/staff-actions.server";
import { MessagesTable } from "~/components/desk/messages-table";
import { parseSubmission, readForm } from "~/lib/form-data.server";
import { notFound } from "~/lib/not-found.server";
import { m } from "~/paraglide/messages";
import { replyFor, replyToForm } from "~/web/form-reply";

export async function loader({ context }: Route.LoaderArgs) {
  return { today: todayInIndia(), popupOrder: ANNOUNCEMENT_POPUP_ORDER, items: await listAnnouncements(dbFrom(context)) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = operatorAccess(context);
  const formData = await readForm(request, { textCharacters: 150 + 5000 }); // heading + text in any script
  const back = "/operator/announcements";
  if (formData.get("intent") === "delete") {
    if (!(await deleteAnnouncement(dbFrom(context), user.id, Number(formData.get("messageId"))))) throw notFound();
    return backWithToast(context, formData, back, { type: "success", message: M.announcementDeleted });
  }
  const submission = parseSubmission(formData, announcementSchema);
  if (submission.status !== "success") return replyToForm("announcement", submission.reply());
  await addAnnouncement(dbFrom(context), user.id, submission.value);
  return backWithToast(context, formData, back, { type: "success", message: M.announcementSaved });
}

export const meta = () => pageMeta(m.operator_meta_announcements());

export default function OperatorAnnouncements({ loaderData, actionData }: Route.ComponentProps) {
  const { today, popupOrder, items } = loaderData;
  const [form, fields] = useSchemaForm(announcementSchema, {
    id: "announcement",
    lastResult: replyFor(actionData, "announcement"),
    defaultValue: { displayOrder: "100", startDate: today, endDate: today },
  });
  const busy = useIsSubmitting("/operator/announcements", "announcement");
  return (
    <section aria-labelledby="announcements-title">
      <h2 id="announcements-title">{m.operator_announcements()}</h2>
      <Form method="post" className="desk-form" {...getFormProps(form)} aria-label={m.operator_announcement_form_label()}>
        <input type="hidden" name="intent" value="announcement" />
        <TextField field={fields.header} label={m.operator_announcement_heading()} />
        <TextAreaField field={fields.body} label={m.operator_announcement_text()} rows={4} />
        <TextField field={fields.footerUrl} label={m.operator_announcement_link()} hint={m.operator_announcement_link_hint()} />
        <TextField
          field={fields.displayOrder}
          label={m.operator_announcement_order()}
          inputMode="numeric"
          hint={m.operator_announcement_order_hint({ order: popupOrder })}
        />
        <TextField field={fields.startDate} label={m.operator_announcement_show_from()} type="date" />
        <TextField field={fields.endDate} label={m.operator_announcement_show_until()} type="date" />
        <div className="form-actions">
          <FormErrors form={form} />
          <SubmitButton busy={busy}>{m.operator_announcement_publish()}</SubmitButton>
        </div>
      </Form>
      <MessagesTable
        caption={m.operator_announcements_caption({ count: items.length })}
        items={items}
        headings={{
          heading: m.operator_announcement_heading(),
          own: m.operator_col_order(),
          from: m.operator_col_from(),
          until: m.operator_col_until(),
          remove: m.operator_remove(),
        }}
        own={(item) => (item.displayOrder === popupOrder ? m.operator_announcement_popup({ order: popupOrder }) : item.displayOrder)}
      />
    </section>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary statusHandlers={deskStatusHandlers} />;
}
