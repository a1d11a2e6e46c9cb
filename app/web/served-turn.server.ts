/**
 * Tells the waiting room the booking path served one of its admitted devotees (a checkout
 * answered, or the date told full), after the answer: the room admits as fast as turns are
 * served (waiting-room.ts, `adaptedRate`), and the devotee never waits for the telling.
 */
import type { RouterContextProvider } from "react-router";
import type { PresentedPass } from "~/domain/bookings/seats/release-pass.server";
import { reportServedTurn } from "~/domain/bookings/seats/waiting-room-visits.server";
import { appEnv, workerContext } from "~/lib/context.server";

export function servedTurn(context: Readonly<RouterContextProvider>, pass: PresentedPass | undefined): void {
  if (!pass?.token) return;
  const told = reportServedTurn(appEnv(context).bindings.WAITING_ROOM, pass).catch(() => false);
  context.get(workerContext).ctx.waitUntil(told);
}
