/**
 * The console's Messages: per channel, the last day's messages by status; the dead letters (a
 * message that kept failing) with Retry; and a search by e-mail or phone for a devotee who says
 * "I never got it". Operators only (the console layout's guard).
 */
import { data, href } from "react-router";
import { deskStatusHandlers, GeneralErrorBoundary } from "~/components/layout/error-boundary";
import { Form } from "~/components/layout/localized";
import { lastDayCounts, listDeadLetters, retryDeadLetter, searchMessages } from "~/domain/notifications/console.server";
import { messageRetrySchema, messageSearchSchema } from "~/domain/notifications/inputs";
import { appEnv } from "~/lib/context.server";
import { dbFrom } from "~/lib/db.server";
import { readForm } from "~/lib/form-data.server";
import { pageMeta } from "~/lib/meta";
import { m } from "~/paraglide/messages";
import { operatorAccess } from "~/web/role-guards.server";
import { backWithToast } from "~/web/staff-actions.server";
import type { Route } from "./+types/route";
import { LastDayTable, MessagesTable } from "./message-tables";

/** The search: nothing asked, refused (what was typed, and why), or someone's messages. */
async function search(db: ReturnType<typeof dbFrom>, url: URL) {
  const typed = url.searchParams.get("q");
  if (typed === null || typed.trim() === "") return { typed: "", error: null, address: null, messages: null };
  const parsed = messageSearchSchema.safeParse({ q: typed });
  if (!parsed.success) return { typed: typed.slice(0, 254), error: m.operator_messages_search_invalid(), address: null, messages: null };
  return { typed, error: null, address: parsed.data.q, messages: await searchMessages(db, parsed.data.q) };
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const db = dbFrom(context);
  const [counts, deadLetters, found] = await Promise.all([lastDayCounts(db), listDeadLetters(db), search(db, new URL(request.url))]);
  return { counts, deadLetters, search: found };
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = operatorAccess(context);
  const formData = await readForm(request);
  if (formData.get("intent") !== "retry") throw data(m.operator_messages_unknown(), { status: 400 });
  const parsed = messageRetrySchema.safeParse(Object.fromEntries(formData));
  if (!parsed.success) throw data(m.operator_messages_unknown(), { status: 400 });
  const retried = await retryDeadLetter(dbFrom(context), appEnv(context), user.id, parsed.data.messageId);
  return backWithToast(
    context,
    formData,
    href("/:lang?/operator/messages"),
    retried ? { type: "success", message: m.operator_messages_retried() } : { type: "error", message: m.operator_messages_not_failed() },
  );
}

export const meta = () => pageMeta(m.operator_messages_title());

export default function OperatorMessages({ loaderData }: Route.ComponentProps) {
  const { counts, deadLetters, search } = loaderData;
  return (
    <>
      <section aria-labelledby="messages-title">
        <h2 id="messages-title">{m.operator_messages_title()}</h2>
        <p className="field-hint">{m.operator_messages_intro()}</p>
        <LastDayTable counts={counts} />
      </section>
      <section aria-labelledby="messages-search-title">
        <h3 id="messages-search-title">{m.operator_messages_search_title()}</h3>
        <Form method="get" className="desk-inline-form desk-inline-form--row" aria-labelledby="messages-search-title">
          <div className="field">
            <label htmlFor="messages-q">{m.operator_messages_search_label()}</label>
            <input
              id="messages-q"
              name="q"
              type="search"
              defaultValue={search.typed}
              maxLength={254}
              autoComplete="off"
              aria-invalid={search.error ? true : undefined}
              aria-describedby={search.error ? "messages-q-error" : undefined}
            />
            {search.error ? (
              <p id="messages-q-error" className="field-error">
                {search.error}
              </p>
            ) : null}
          </div>
          <button type="submit" className="button button--small">
            {m.operator_messages_search()}
          </button>
        </Form>
        {search.messages === null ? null : search.messages.length === 0 ? (
          <p className="empty-state">{m.operator_messages_search_none({ address: search.address ?? "" })}</p>
        ) : (
          <MessagesTable caption={m.operator_messages_search_caption({ address: search.address ?? "" })} messages={search.messages} />
        )}
      </section>
      <section aria-labelledby="dead-letters-title">
        <h3 id="dead-letters-title">{m.operator_messages_failed_title()}</h3>
        {deadLetters.length === 0 ? (
          <p className="empty-state">{m.operator_messages_failed_none()}</p>
        ) : (
          <MessagesTable caption={m.operator_messages_failed_caption()} messages={deadLetters} />
        )}
      </section>
    </>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary statusHandlers={deskStatusHandlers} />;
}
