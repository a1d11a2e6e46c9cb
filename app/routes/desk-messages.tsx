import { DeskForm } from "~/components/desk/desk-form";
import { href } from "react-router";
import { deskStatusHandlers, GeneralErrorBoundary } from "~/components/layout/error-boundary";
import { ChoiceField, TextAreaField, TextField, useIsSubmitting } from "~/components/forms/form-fields";
import { useSchemaForm } from "~/components/forms/use-schema-form";
import { TEMPLE_MESSAGES as M, templeMessageSchema } from "~/domain/temples-admin/temple-inputs";
import { addTempleMessage, deleteTempleMessage, listTempleMessages } from "~/domain/temples-admin/temple.server";
import { todayInIndia } from "~/lib/india-time";
import { dbFrom } from "~/lib/db.server";
import { pageMeta } from "~/lib/meta";
import { m } from "~/paraglide/messages";
import { templeDeskAccess } from "~/web/role-guards.server";
import type { Route } from "./+types/desk-messages";
import { backWithToast } from "~/web/staff-actions.server";
import { MessagesTable } from "~/components/desk/messages-table";
import { parseSubmission, readForm } from "~/lib/form-data.server";
import { notFound } from "~/lib/not-found.server";
import { replyFor, replyToForm } from "~/web/form-reply";

export async function loader({ context }: Route.LoaderArgs) {
  const { templeId } = templeDeskAccess(context);
  return { templeId, today: todayInIndia(), items: await listTempleMessages(dbFrom(context), templeId) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { templeId, user } = templeDeskAccess(context);
  const formData = await readForm(request, { textCharacters: 150 + 5000 }); // heading + text in any script
  const actor = { actorId: user.id, templeId };
  const back = href("/:lang?/desk/:templeId/messages", { templeId: String(templeId) });
  if (formData.get("intent") === "delete") {
    const removed = await deleteTempleMessage(dbFrom(context), actor, Number(formData.get("messageId")));
    if (!removed) throw notFound();
    return backWithToast(context, formData, back, { type: "success", message: M.messageDeleted });
  }
  const submission = parseSubmission(formData, templeMessageSchema);
  if (submission.status !== "success") return replyToForm("message", submission.reply());
  await addTempleMessage(dbFrom(context), actor, submission.value);
  return backWithToast(context, formData, back, { type: "success", message: M.messageSaved });
}

export const meta = () => pageMeta(m.desk_meta_messages());

export default function DeskMessages({ loaderData, actionData }: Route.ComponentProps) {
  const { templeId, today, items } = loaderData;
  const [form, fields] = useSchemaForm(templeMessageSchema, {
    id: "temple-message",
    lastResult: replyFor(actionData, "message"),
    defaultValue: { kind: "event", startDate: today, endDate: today },
  });
  const busy = useIsSubmitting(href("/:lang?/desk/:templeId/messages", { templeId: String(templeId) }), "message");
  return (
    <section aria-labelledby="messages-title">
      <h2 id="messages-title">{m.desk_nav_messages()}</h2>
      <DeskForm form={form} title={m.desk_messages_form_title()} intent="message" submit={m.desk_messages_publish()} busy={busy}>
        <ChoiceField
          field={fields.kind}
          legend={m.desk_col_kind()}
          type="radio"
          options={["event", "news"] as const}
          labelOf={(kind) => (kind === "event" ? m.desk_messages_event() : m.desk_messages_news())}
        />
        <TextField field={fields.header} label={m.desk_col_heading()} />
        <TextAreaField field={fields.body} label={m.desk_messages_text()} rows={5} />
        <TextField field={fields.startDate} label={m.desk_messages_show_from()} type="date" />
        <TextField field={fields.endDate} label={m.desk_messages_show_until()} type="date" />
      </DeskForm>
      {items.length === 0 ? (
        <p className="empty-state">{m.desk_messages_empty()}</p>
      ) : (
        <MessagesTable
          caption={m.desk_messages_caption({ count: items.length })}
          items={items}
          headings={{
            heading: m.desk_col_heading(),
            own: m.desk_col_kind(),
            from: m.desk_col_from(),
            until: m.desk_col_until(),
            remove: m.desk_col_remove(),
          }}
          own={(item) => (item.kind === "event" ? m.desk_messages_event() : m.desk_messages_news())}
        />
      )}
    </section>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary statusHandlers={deskStatusHandlers} />;
}
