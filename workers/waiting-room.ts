/**
 * The waiting page's live status (JSON), polled by its script: where the devotee stands in one
 * opening's room. It sits before React Router and reads no session: the page hands the browser
 * a ticket signed for the devotee and the room (release-pass.server.ts), so a poll costs an HMAC
 * and one call to the room, not a KV and a D1 read. It issues nothing: on the devotee's turn the
 * page is asked again, and its loader gives the pass.
 *   GET /t/:slug/wait/status?release=&opening=&customer=&ticket=
 */
import { Hono } from "hono";
import { ticketHolds } from "~/domain/bookings/seats/release-pass.server";
import { refreshSeconds } from "~/domain/bookings/seats/waiting-room";
import { lookInWaitingRoom } from "~/domain/bookings/seats/waiting-room-visits.server";
import { readEnv } from "~/lib/env.server";

export const waitingRoom = new Hono<{ Bindings: Env }>();

const NO_STORE = { "Cache-Control": "private, no-store" };
const positive = (value: string | undefined) => {
  const n = Number(value);
  return Number.isSafeInteger(n) && n > 0 ? n : null;
};

waitingRoom.get("/t/:slug/wait/status", async (c) => {
  const [releaseId, opening, customerId] = [
    positive(c.req.query("release")),
    positive(c.req.query("opening")),
    positive(c.req.query("customer")),
  ];
  const ticket = c.req.query("ticket") ?? "";
  if (!releaseId || !opening || !customerId || ticket.length > 64) return c.json({ state: "absent" }, 400, NO_STORE);
  const { config, bindings } = readEnv(c.env);
  const room = { releaseId, opening, customerId };
  if (!(await ticketHolds(config.SESSION_SECRET, room, ticket))) return c.json({ state: "absent" }, 403, NO_STORE);
  const view = await lookInWaitingRoom(bindings.WAITING_ROOM, releaseId, opening, customerId);
  return c.json({ ...view, refresh: refreshSeconds(view, 3) }, 200, NO_STORE);
});
