import { waitUntilSent } from "~/domain/notifications/statuses.server";
import { dbFrom } from "~/lib/db.server";
import { outboxAddress, readOutbox } from "~/lib/email.server";
import { appEnv } from "~/lib/context.server";
import { notFound } from "~/lib/not-found.server";
import type { Route } from "./+types/dev-outbox-json";

/**
 * The local outbox as JSON (`?to=` filters by recipient): each message with its `channel`
 * (email, sms, whatsapp), `to`, `text` and `sentAt`; outside local mail mode it does not exist (404).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const env = appEnv(context);
  if (!(await readOutbox(env, request.url))) throw notFound();
  // As /dev/outbox: messages to `to` still on the queue are waited for (briefly).
  const to = outboxAddress(new URL(request.url).searchParams.get("to"));
  if (to) await waitUntilSent(dbFrom(context), to);
  const outbox = (await readOutbox(env, request.url))!;
  return Response.json({ messages: outbox.messages }, { headers: { "Cache-Control": "no-store" } });
}
