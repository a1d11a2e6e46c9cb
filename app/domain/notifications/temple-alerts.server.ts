/**
 * Where a temple's staff want its alerts: one phone (E.164) and which alerts go there, a new
 * booking or request (so a booking made at night is seen before the morning puja) and a
 * morning digest of the day's sheet. Set on the desk, audited in the same batch, with the
 * language of the staff member who set them (the desk's page language then): the alerts are
 * written in it. The bookings send them (`../bookings/desk/temple-alert-notices.server.ts`,
 * `morning-digest.server.ts`) and read `templeAlertsColumns`.
 */
import { and, eq, sql } from "drizzle-orm";
import type { AnySQLiteColumn } from "drizzle-orm/sqlite-core";
import type { Database } from "~/db/client.server";
import { templeAlerts } from "~/db/schema";
import { auditStatement, auditWhenStatement } from "~/domain/audit/audit.server";
import type { Locale } from "~/lib/i18n";
import type { TempleAlertsInput } from "./inputs";

export interface TempleAlerts {
  phone: string;
  newBookings: boolean;
  morningDigest: boolean;
  language: string;
  updatedAt: string;
}

/** The temple's alert settings, or null when no phone is set. */
export async function loadTempleAlerts(db: Database, templeId: number): Promise<TempleAlerts | null> {
  const [row] = await db
    .select({
      phone: templeAlerts.phone,
      newBookings: templeAlerts.newBookings,
      morningDigest: templeAlerts.morningDigest,
      language: templeAlerts.language,
      updatedAt: templeAlerts.updatedAt,
    })
    .from(templeAlerts)
    .where(eq(templeAlerts.templeId, templeId))
    .limit(1);
  return row ?? null;
}

interface Actor {
  actorId: number;
  templeId: number;
}

/** The alerts' phone and language of the temples whose alert of this sort is on, for a query that joins `temple_alerts`. */
export const ALERT_TO = { templeId: templeAlerts.templeId, phone: templeAlerts.phone, language: templeAlerts.language };

/** The join condition of a temple's alerts of one sort, when they are on. */
export const alertsOn = (templeId: AnySQLiteColumn | number, sort: "newBookings" | "morningDigest") =>
  and(eq(templeAlerts.templeId, templeId), eq(sort === "newBookings" ? templeAlerts.newBookings : templeAlerts.morningDigest, true));

/** Sets (or replaces) the temple's alert phone and choices; the alerts are written in `language`. */
export async function saveTempleAlerts(
  db: Database,
  actor: Actor & { language: Locale },
  input: TempleAlertsInput,
  now = new Date(),
): Promise<void> {
  const values = {
    phone: input.phone,
    language: actor.language,
    newBookings: input.newBookings === "on",
    morningDigest: input.morningDigest === "on",
    updatedBy: actor.actorId,
    updatedAt: now.toISOString(),
  };
  await db.batch([
    db
      .insert(templeAlerts)
      .values({ templeId: actor.templeId, ...values })
      .onConflictDoUpdate({ target: templeAlerts.templeId, set: values }),
    auditStatement(db, {
      actorId: actor.actorId,
      action: "temple_alerts.set",
      entity: "temple",
      entityId: actor.templeId,
      templeId: actor.templeId,
      detail: { newBookings: values.newBookings, morningDigest: values.morningDigest },
    }),
  ]);
}

/** Stops the temple's alerts (no phone). Answers whether one was set. */
export async function removeTempleAlerts(db: Database, actor: Actor): Promise<boolean> {
  const entry = {
    actorId: actor.actorId,
    action: "temple_alerts.remove",
    entity: "temple",
    entityId: actor.templeId,
    templeId: actor.templeId,
  };
  // Audited only when there was a phone to remove (the audit row is written before the delete, in its batch).
  const [, removed] = await db.batch([
    auditWhenStatement(db, entry, sql`exists (select 1 from ${templeAlerts} where ${templeAlerts.templeId} = ${actor.templeId})`),
    db.delete(templeAlerts).where(eq(templeAlerts.templeId, actor.templeId)).returning({ templeId: templeAlerts.templeId }),
  ]);
  return removed.length > 0;
}
