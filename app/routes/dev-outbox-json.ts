import { readOutbox } from "~/lib/email.server";
import { appEnv } from "~/lib/context.server";
import type { Route } from "./+types/dev-outbox-json";

/** The local outbox as JSON (`?to=` filters by recipient); a 404 outside local mail mode. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const outbox = await readOutbox(appEnv(context), request.url);
  if (!outbox) return Response.json({ error: "not_found" }, { status: 404 });
  return Response.json({ messages: outbox.messages }, { headers: { "Cache-Control": "no-store" } });
}
