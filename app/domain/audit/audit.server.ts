/** The audit trail: who changed what, when. Writes go into the same D1 batch as the change. */
import { desc, eq, type SQL, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { auditLog, customers } from "~/db/schema";

export interface AuditEntryInput {
  actorId: number;
  action: string;
  entity: string;
  entityId: string | number;
  templeId?: number | null;
  detail?: Record<string, unknown>;
}

/** The insert statement of one audit row, to add to a `db.batch([...])`. */
export function auditStatement(db: Database, entry: AuditEntryInput) {
  return db.insert(auditLog).values({
    actorId: entry.actorId,
    action: entry.action,
    entity: entry.entity,
    entityId: String(entry.entityId),
    templeId: entry.templeId ?? null,
    detail: JSON.stringify(entry.detail ?? {}),
  });
}

/** Now, as the schema's created_at default writes it (for rows inserted by a select, which skip defaults). */
const NOW = sql<string>`strftime('%Y-%m-%dT%H:%M:%fZ','now')`;

/**
 * The audit row of a change that may turn out to have nothing to do (a conditional write in
 * the same batch): written only when `condition` holds as the batch reaches it.
 */
export function auditWhenStatement(db: Database, entry: AuditEntryInput, condition: SQL) {
  return db.insert(auditLog).select(
    db
      .select({
        id: sql<number>`null`.as("id"),
        actorId: sql<number>`${entry.actorId}`.as("actor_id"),
        action: sql<string>`${entry.action}`.as("action"),
        entity: sql<string>`${entry.entity}`.as("entity"),
        entityId: sql<string>`${String(entry.entityId)}`.as("entity_id"),
        templeId: sql<number | null>`${entry.templeId ?? null}`.as("temple_id"),
        detail: sql<string>`${JSON.stringify(entry.detail ?? {})}`.as("detail"),
        createdAt: NOW.as("created_at"),
      })
      .from(sql`(select 1)`)
      .where(condition),
  );
}

/** The newest audit rows, of one temple or of the whole portal. */
export function listAudit(db: Database, options: { templeId?: number; limit?: number } = {}) {
  const query = db
    .select({
      id: auditLog.id,
      action: auditLog.action,
      entity: auditLog.entity,
      entityId: auditLog.entityId,
      templeId: auditLog.templeId,
      detail: auditLog.detail,
      createdAt: auditLog.createdAt,
      actorEmail: customers.email,
    })
    .from(auditLog)
    .innerJoin(customers, eq(customers.id, auditLog.actorId))
    .orderBy(desc(auditLog.id))
    .limit(options.limit ?? 50);
  return options.templeId === undefined ? query : query.where(eq(auditLog.templeId, options.templeId));
}
