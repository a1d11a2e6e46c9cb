/**
 * The waiting room's status for the page's live updates (JSON): where the signed-in devotee
 * stands in one opening's room. It reads no D1 beyond the session and issues nothing: on the
 * devotee's turn the page itself is asked again, and its loader gives the pass.
 */
import { lookInWaitingRoom } from "~/domain/bookings/waiting-room-visits.server";
import { appEnv } from "~/lib/context.server";
import { getCurrentSession } from "~/web/auth.server";
import type { Route } from "./+types/status";

const NO_STORE = { "Cache-Control": "private, no-store" };
const positive = (value: string | null) => {
  const n = Number(value);
  return Number.isSafeInteger(n) && n > 0 ? n : null;
};

export async function loader({ request, context }: Route.LoaderArgs) {
  const session = await getCurrentSession(context);
  if (!session) return Response.json({ state: "absent" }, { status: 401, headers: NO_STORE });
  const url = new URL(request.url);
  const [releaseId, opening] = [positive(url.searchParams.get("release")), positive(url.searchParams.get("opening"))];
  if (releaseId === null || opening === null) return Response.json({ state: "absent" }, { status: 400, headers: NO_STORE });
  const view = await lookInWaitingRoom(appEnv(context).bindings.WAITING_ROOM, releaseId, opening, session.customer.id);
  return Response.json(view, { headers: NO_STORE });
}
