import { readOutbox } from "~/lib/email.server";
import { appEnv } from "~/lib/context.server";
import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/dev-outbox";
import { notFound } from "~/lib/not-found.server";

/**
 * The local outbox: mail and phone messages the portal would have sent, for someone trying it locally.
 * It exists only with MAIL_MODE=local and no Resend key; anywhere else it is a 404.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const outbox = await readOutbox(appEnv(context), request.url);
  if (!outbox) throw notFound();
  return outbox;
}

export const headers = () => ({ "Cache-Control": "no-store" });

export const meta = () => [...pageMeta("Local outbox"), { name: "robots", content: "noindex" }];

export default function DevOutbox({ loaderData }: Route.ComponentProps) {
  const { to, messages } = loaderData;
  return (
    <section className="page page--narrow account-page" aria-labelledby="outbox-title">
      <h1 id="outbox-title">Local outbox</h1>
      <p>
        Mail and phone messages (SMS) sent while <code>MAIL_MODE=local</code> and no Resend key is set stay here for a day, newest first
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
            <h2>{message.channel === "sms" ? "SMS" : message.subject}</h2>
            <dl className="outbox__meta">
              <dt>Channel</dt>
              <dd>{message.channel ?? "email"}</dd>
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
