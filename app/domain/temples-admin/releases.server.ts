/** A temple's releases at its desk: list, add, remove; every write is scoped to the temple and audited. */
import { and, asc, eq } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { pujaReleases, pujas, templePujas } from "~/db/schema";
import type { ReleaseInput } from "~/domain/bookings/seats/releases";
import { releaseRuleColumns } from "~/domain/bookings/seats/releases.server";
import { indiaInstant } from "~/lib/india-time";
import { auditStatement } from "~/domain/audit/audit.server";
import { closeRooms } from "~/domain/bookings/seats/waiting-room-visits.server";

type Actor = { actorId: number; templeId: number };

/** The temple's releases, with the puja each is for (null: every puja). */
export function listReleases(db: Database, templeId: number) {
  return db
    .select({ ...releaseRuleColumns, pujaName: pujas.name })
    .from(pujaReleases)
    .leftJoin(templePujas, eq(templePujas.id, pujaReleases.templePujaId))
    .leftJoin(pujas, eq(pujas.id, templePujas.pujaId))
    .where(eq(pujaReleases.templeId, templeId))
    .orderBy(asc(pujaReleases.id));
}

export type ReleaseRow = Awaited<ReturnType<typeof listReleases>>[number];

/** Adds a release; "puja" when the puja named is not the temple's. A change is a removal and a new release (a new waiting room). */
export async function addRelease(db: Database, { actorId, templeId }: Actor, input: ReleaseInput): Promise<"saved" | "puja"> {
  if (input.templePujaId) {
    const [own] = await db
      .select({ id: templePujas.id })
      .from(templePujas)
      .where(and(eq(templePujas.id, input.templePujaId), eq(templePujas.templeId, templeId)))
      .limit(1);
    if (!own) return "puja";
  }
  const rolling = input.kind === "rolling";
  const opensAt =
    !rolling && input.opensAt ? new Date(indiaInstant(input.opensAt.slice(0, 10), input.opensAt.slice(11))).toISOString() : null;
  const values = {
    templeId,
    templePujaId: input.templePujaId ?? null,
    kind: input.kind,
    daysAhead: rolling ? (input.daysAhead ?? null) : null,
    openTime: rolling ? (input.openTime ?? null) : null,
    firstDay: rolling ? null : (input.firstDay ?? null),
    lastDay: rolling ? null : (input.lastDay ?? null),
    opensAt,
    admission: input.admission,
    admitPerMinute: input.admitPerMinute,
    lobbyMinutes: input.lobbyMinutes,
    rushMinutes: input.rushMinutes,
    passMinutes: input.passMinutes,
  };
  const [row] = await db.insert(pujaReleases).values(values).returning({ id: pujaReleases.id });
  await auditStatement(db, { actorId, action: "release.add", entity: "puja_release", entityId: row!.id, templeId, detail: values });
  return "saved";
}

/**
 * Removes one of the temple's releases (its dates are then open as the puja's days allow), and
 * closes its waiting rooms: those waiting are told they are not in one, and nobody arrives by an old link.
 */
export async function removeRelease(
  db: Database,
  { actorId, templeId }: Actor,
  releaseId: number,
  rooms: Env["WAITING_ROOM"],
): Promise<boolean> {
  const [removed] = await db
    .delete(pujaReleases)
    .where(and(eq(pujaReleases.id, releaseId), eq(pujaReleases.templeId, templeId)))
    .returning(releaseRuleColumns);
  if (!removed) return false;
  await auditStatement(db, { actorId, action: "release.remove", entity: "puja_release", entityId: releaseId, templeId });
  await closeRooms(rooms, removed);
  return true;
}
