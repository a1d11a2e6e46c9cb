/** Portal announcements with start and end dates; display order 999 makes one the pop-up. */
import { getFormProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import { Form } from "~/components/localized";
import { deskStatusHandlers, GeneralErrorBoundary } from "~/components/error-boundary";
import { FormErrors, SubmitButton, TextAreaField, TextField, useIsSubmitting } from "~/components/form-fields";
import { ANNOUNCEMENT_POPUP_ORDER } from "~/domain/content.server";
import { announcementSchema, OPERATOR_MESSAGES as M } from "~/domain/operator";
import { addAnnouncement, deleteAnnouncement, listAnnouncements } from "~/domain/operator-content.server";
import { shortDate } from "~/domain/text";
import { todayInIndia } from "~/lib/india-time";
import { dbFrom } from "~/lib/db.server";
import { pageMeta } from "~/lib/meta";
import { operatorAccess } from "~/web/role-guards.server";
import type { Route } from "./+types/operator-announcements";
import { backWithToast } from "./desk-actions.server";
import { RemoveMessageForm } from "~/components/remove-message-form";
import { parseSubmission, readForm } from "~/lib/form-data.server";
import { notFound } from "~/lib/not-found.server";

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
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  await addAnnouncement(dbFrom(context), user.id, submission.value);
  return backWithToast(context, formData, back, { type: "success", message: M.announcementSaved });
}

export const meta = () => pageMeta("Announcements · Operator console");

export default function OperatorAnnouncements({ loaderData, actionData }: Route.ComponentProps) {
  const { today, popupOrder, items } = loaderData;
  const [form, fields] = useForm({
    id: "announcement",
    lastResult: actionData?.result,
    defaultValue: { displayOrder: "100", startDate: today, endDate: today },
    constraint: getZodConstraint(announcementSchema),
    shouldValidate: "onBlur",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: announcementSchema }),
  });
  const busy = useIsSubmitting("/operator/announcements", "announcement");
  return (
    <section aria-labelledby="announcements-title">
      <h2 id="announcements-title">Announcements</h2>
      <Form method="post" className="desk-form" {...getFormProps(form)} aria-label="Publish an announcement">
        <input type="hidden" name="intent" value="announcement" />
        <TextField field={fields.header} label="Heading" />
        <TextAreaField field={fields.body} label="Text" rows={4} />
        <TextField field={fields.footerUrl} label="'Click Here' link (optional)" hint="https://… or a path on this site such as /temples." />
        <TextField field={fields.displayOrder} label="Display order" inputMode="numeric" hint={`${popupOrder} shows it as the pop-up on every page; lower numbers list first.`} />
        <TextField field={fields.startDate} label="Show from" type="date" />
        <TextField field={fields.endDate} label="Show until" type="date" />
        <div className="form-actions">
          <FormErrors form={form} />
          <SubmitButton busy={busy}>Publish</SubmitButton>
        </div>
      </Form>
      <div className="table-scroll">
        <table className="desk-table">
          <caption>Announcements ({items.length})</caption>
          <thead>
            <tr>
              <th scope="col">Heading</th>
              <th scope="col">Order</th>
              <th scope="col">From</th>
              <th scope="col">Until</th>
              <th scope="col">
                <span className="visually-hidden">Remove</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {items.map((item) => (
              <tr key={item.id}>
                <th scope="row">{item.header}</th>
                <td>{item.displayOrder === popupOrder ? `${popupOrder} (pop-up)` : item.displayOrder}</td>
                <td>{shortDate(item.startDate)}</td>
                <td>{shortDate(item.endDate)}</td>
                <td>
                  <RemoveMessageForm id={item.id} header={item.header} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary statusHandlers={deskStatusHandlers} />;
}
