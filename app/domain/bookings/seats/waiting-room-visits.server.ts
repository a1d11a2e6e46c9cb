/**
 * A devotee's visits to a temple's waiting room: entering (a place, or on their turn the
 * signed pass the booking path asks for) and looking (the page's live updates, which need
 * no D1: the room is named by its release and opening).
 */
import type { Database } from "~/db/client.server";
import { type PresentedPass, passHolder, passKey, readPass, signPass } from "./release-pass.server";
import { currentLocale } from "~/lib/i18n";
import { nextOpening, type ReleaseRule, roomName, roomOpening } from "./releases";
import { openingSeatsGone } from "./release-seats.server";
import { type FoundWaitingRoom, findWaitingRoom, passSpent } from "./releases.server";
import type { RoomView } from "./waiting-room";

type Rooms = Env["WAITING_ROOM"];

export interface Visit {
  customerId: number;
  /** The visit's session: the pass names it, and admits no other. */
  sessionId: string;
  /** Signs the pass. */
  secret: string;
  now?: number;
}

/**
 * Enters the waiting room open at the temple `slug` (`releaseId`'s, or the first open): the
 * devotee's view and, on their turn, their pass (signed; null before) and whether a checkout
 * has spent it. Null: no room is open.
 */
export async function enterWaitingRoom(db: Database, rooms: Rooms, slug: string, releaseId: number | null, visit: Visit) {
  const now = visit.now ?? Date.now();
  const found = await findWaitingRoom(db, slug, releaseId, now);
  return found ? enterFoundRoom(db, rooms, found, { ...visit, now }) : null;
}

/** As `enterWaitingRoom`, the room already found (its release read in D1 by the caller, `waitingRoomOf`). */
export async function enterFoundRoom(db: Database, rooms: Rooms, found: FoundWaitingRoom, visit: Visit) {
  const now = visit.now ?? Date.now();
  // The temple's name in the devotee's language, as D1 gave it: the room shows it to those who arrive by a link.
  const shown = { locale: currentLocale(), slug: found.temple.slug, name: found.temple.displayName };
  const view: RoomView = await rooms.getByName(roomName(found.rule.id, found.opening)).enter(found.config, visit.customerId, now, shown);
  const pass =
    view.state === "admitted" && view.passExpires !== null
      ? {
          token: await signPass(visit.secret, {
            releaseId: found.rule.id,
            opening: found.opening,
            customerId: visit.customerId,
            expires: view.passExpires,
            holder: await passHolder(visit.secret, visit.sessionId),
          }),
          expires: view.passExpires,
          // Coming back after the turn's one checkout: the same pass, but it books nothing more.
          spent: await passSpent(db, passKey({ releaseId: found.rule.id, opening: found.opening, customerId: visit.customerId })),
        }
      : null;
  return { ...found, view, pass };
}

/**
 * A devotee arriving by the temple site's link, which names the release and its opening, known by
 * their signed `sn_who` (no KV, no D1): the room's answer, or null when it cannot answer alone
 * (see `WaitingRoom.arrive`) and the caller reads D1.
 */
export function arriveByLink(
  rooms: Rooms,
  room: { releaseId: number; opening: number },
  slug: string,
  customerId: number,
  now = Date.now(),
) {
  return rooms.getByName(roomName(room.releaseId, room.opening)).arrive(customerId, now, currentLocale(), slug);
}

/**
 * A removed release's rooms: the one open at `now` (its lobby or rush), and the next opening's,
 * which may have let devotees into its lobby early. Each forgets its devotees.
 */
export async function closeRooms(rooms: Rooms, rule: ReleaseRule, now = Date.now()) {
  const openings = new Set([roomOpening(rule, now), nextOpening(rule, now)].filter((opening) => opening !== null));
  await Promise.all([...openings].map((opening) => rooms.getByName(roomName(rule.id, opening)).close()));
}

/** Where the devotee stands in one opening's room, without entering it. */
export function lookInWaitingRoom(
  rooms: Rooms,
  releaseId: number,
  opening: number,
  customerId: number,
  now = Date.now(),
): Promise<RoomView> {
  return rooms.getByName(roomName(releaseId, opening)).look(customerId, now);
}

/**
 * The booking path served a devotee its room admitted (their checkout answered, or the date
 * told full when they added it): the room counts it toward its admission rate. When the turn
 * took seats or was told full (`seatsMoved`, with the D1 to look in), the room also learns
 * whether every seat of its opening is taken, and if so lets nobody more in for now (so the
 * checkout holding the last seat shuts it, before anyone is turned away). Only a well-signed pass names a room; a
 * checkout without one reports nothing. Returns whether a room was told.
 */
export async function reportServedTurn(
  rooms: Rooms,
  presented: PresentedPass,
  now = Date.now(),
  seatsMoved?: { db: Database },
): Promise<boolean> {
  const pass = await readPass(presented.secret, presented.token);
  if (!pass || now >= pass.expires) return false;
  const room = rooms.getByName(roomName(pass.releaseId, pass.opening));
  await room.served(now);
  if (seatsMoved) {
    const gone = await openingSeatsGone(seatsMoved.db, pass.releaseId, pass.opening, new Date(now));
    if (gone) await room.seatsGone(now, gone.heldUntil);
  }
  return true;
}
