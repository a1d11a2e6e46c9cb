import { waitUntilSent } from "~/domain/notifications/statuses.server";
import { dbFrom } from "~/lib/db.server";
import { outboxAddress, readOutbox } from "~/lib/email.server";
import { appEnv } from "~/lib/context.server";
import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/dev-outbox";
import { notFound } from "~/lib/not-found.server";

/**
 * The local outbox: every message the portal sent locally (mail, and phone messages), for
 * someone trying it locally. It exists only with MAIL_MODE=local and no Resend key; anywhere
 * else it is a 404.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const env = appEnv(context);
  if (!(await readOutbox(env, request.url))) throw notFound();
  // The queue sends a moment after the answer that wrote the message: wait for it (briefly).
  const to = outboxAddress(new URL(request.url).searchParams.get("to"));
  if (to) await waitUntilSent(dbFrom(context), to);
  return (await readOutbox(env, request.url))!;
}

export const headers = () => ({ "Cache-Control": "no-store" });

const CHANNEL_NAMES = { email: "E-mail", sms: "SMS", whatsapp: "WhatsApp" } as const;

export const meta = () => [...pageMeta("Local outbox"), { name: "robots", content: "noindex" }];

export default function DevOutbox({ loaderData }: Route.ComponentProps) {
  const { to, messages } = loaderData;
  return (
    <section className="page page--narrow account-page" aria-labelledby="outbox-title">
      <h1 id="outbox-title">Local outbox</h1>
      <p>
        Messages sent while <code>MAIL_MODE=local</code> and no Resend key is set (mail, WhatsApp and SMS) stay here for a day, newest first
        {to ? (
          <>
            {" "}
            (only messages to <strong>{to}</strong>)
          </>
        ) : null}
        . The same list is at <a href="/dev/outbox.json">/dev/outbox.json</a>.
      </p>
      {messages.length === 0 ? <p className="empty-state">No messages yet.</p> : null}
      <ol className="outbox">
        {messages.map((message) => (
          <li key={message.id} className="account-card outbox__message">
            <h2>{message.subject || CHANNEL_NAMES[message.channel]}</h2>
            <dl className="outbox__meta">
              <dt>Channel</dt>
              <dd>{CHANNEL_NAMES[message.channel]}</dd>
              <dt>To</dt>
              <dd>{message.to}</dd>
              {message.from ? (
                <>
                  <dt>From</dt>
                  <dd>{message.from}</dd>
                </>
              ) : null}
              <dt>Sent</dt>
              <dd>
                <time dateTime={message.sentAt}>{message.sentAt.replace("T", " ").slice(0, 19)} UTC</time>
              </dd>
            </dl>
            <pre className="outbox__text">{message.text}</pre>
          </li>
        ))}
      </ol>
    </section>
  );
}
