import { readOutbox } from "~/lib/email.server";
import { appEnv } from "~/lib/context.server";
import { notFound } from "~/lib/not-found.server";
import type { Route } from "./+types/dev-outbox-json";

/** The local outbox as JSON (`?to=` filters by recipient); outside local mail mode it does not exist (404). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const outbox = await readOutbox(appEnv(context), request.url);
  if (!outbox) throw notFound();
  return Response.json({ messages: outbox.messages }, { headers: { "Cache-Control": "no-store" } });
}
