/** The audit trail: who changed what, when. Writes go into the same D1 batch as the change. */
import { desc, eq } from "drizzle-orm";
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
