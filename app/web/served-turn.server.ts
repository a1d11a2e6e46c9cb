/**
 * Tells the waiting room the booking path served one of its admitted devotees (a checkout
 * answered, or the date told full), after the answer: the room admits as fast as turns are
 * served (waiting-room.ts, `adaptedRate`), stops letting devotees in once every seat is taken,
 * and the devotee never waits for the telling.
 */
import type { RouterContextProvider } from "react-router";
import type { PresentedPass } from "~/domain/bookings/seats/release-pass.server";
import { reportServedTurn } from "~/domain/bookings/seats/waiting-room-visits.server";
import { appEnv, workerContext } from "~/lib/context.server";
import { dbFrom } from "~/lib/db.server";

/**
 * `seatsMoved`: the turn took seats (a checkout holding them) or was told the date is full; the
 * room then looks whether any seat of its opening is left, and stops letting devotees in if none.
 */
export function servedTurn(context: Readonly<RouterContextProvider>, pass: PresentedPass | undefined, seatsMoved = false): void {
  if (!pass?.token) return;
  const refused = seatsMoved ? { db: dbFrom(context) } : undefined;
  const told = reportServedTurn(appEnv(context).bindings.WAITING_ROOM, pass, Date.now(), refused).catch(() => false);
  context.get(workerContext).ctx.waitUntil(told);
}
