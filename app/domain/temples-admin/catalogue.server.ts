/** The portal's catalogue (deities, pujas, packages) and announcements, as the operator edits them. */
import { asc, desc, eq } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { deities, messages, packages, pujas } from "~/db/schema";
import { auditStatement } from "~/domain/audit/audit.server";
import type { AnnouncementInput } from "./console";

export async function loadCatalog(db: Database) {
  const [deityRows, pujaRows, packageRows] = await db.batch([
    db.select().from(deities).orderBy(asc(deities.displayOrder), asc(deities.name)),
    db.select().from(pujas).orderBy(asc(pujas.name)),
    db.select().from(packages).orderBy(asc(packages.displayOrder), asc(packages.id)),
  ]);
  return { deities: deityRows, pujas: pujaRows, packages: packageRows };
}

export async function addDeity(db: Database, actorId: number, input: { name: string; imagePath: string }) {
  const inserted = await db.insert(deities).values(input).onConflictDoNothing().returning({ id: deities.id });
  if (inserted.length === 0) return false;
  await auditStatement(db, { actorId, action: "deity.add", entity: "deity", entityId: inserted[0]!.id, detail: input });
  return true;
}

export async function addMasterPuja(db: Database, actorId: number, input: { name: string; description: string }) {
  const inserted = await db.insert(pujas).values(input).onConflictDoNothing().returning({ id: pujas.id });
  if (inserted.length === 0) return false;
  await auditStatement(db, { actorId, action: "puja.create", entity: "puja", entityId: inserted[0]!.id, detail: { name: input.name } });
  return true;
}

export async function updatePackage(
  db: Database,
  actorId: number,
  input: { packageId: number; homePageShortDesc: string; active: boolean },
) {
  const { packageId, ...values } = input;
  const [updated] = await db.batch([
    db.update(packages).set(values).where(eq(packages.id, packageId)).returning({ id: packages.id }),
    auditStatement(db, { actorId, action: "package.update", entity: "package", entityId: packageId, detail: values }),
  ]);
  return updated.length > 0;
}

export function listAnnouncements(db: Database) {
  return db.select().from(messages).where(eq(messages.kind, "announcement")).orderBy(desc(messages.endDate), desc(messages.id)).limit(100);
}

export async function addAnnouncement(db: Database, actorId: number, input: Omit<AnnouncementInput, "intent">) {
  const [row] = await db
    .insert(messages)
    .values({
      kind: "announcement",
      header: input.header,
      body: input.body,
      footerUrl: input.footerUrl || null,
      displayOrder: input.displayOrder,
      startDate: input.startDate,
      endDate: input.endDate,
    })
    .returning({ id: messages.id });
  await auditStatement(db, {
    actorId,
    action: "announcement.add",
    entity: "message",
    entityId: row!.id,
    detail: { header: input.header, displayOrder: input.displayOrder },
  });
}

export async function deleteAnnouncement(db: Database, actorId: number, messageId: number) {
  const [found] = await db
    .select({ header: messages.header, kind: messages.kind })
    .from(messages)
    .where(eq(messages.id, messageId))
    .limit(1);
  if (found?.kind !== "announcement") return false;
  await db.batch([
    db.delete(messages).where(eq(messages.id, messageId)),
    auditStatement(db, {
      actorId,
      action: "announcement.delete",
      entity: "message",
      entityId: messageId,
      detail: { header: found.header },
    }),
  ]);
  return true;
}
