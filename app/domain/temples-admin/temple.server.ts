/** Reads and writes of a temple's own data for its desk; every write is scoped and audited. */
import { and, asc, desc, eq, inArray, notInArray, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { donationPurposes, messages, pujaCapacityRules, pujas, templePujas, temples } from "~/db/schema";
import { todayInIndia } from "~/lib/india-time";
import { auditStatement } from "~/domain/audit/audit.server";
import { templePujaSettings } from "~/domain/bookings/seats/seats.server";
import { refreshTempleSearchKeys } from "~/domain/catalog/search-keys.server";
import type { DonationPurposeInput, TaxDetailsInput, TempleDetailsInput, TempleMessageInput, TemplePujaInput } from "./temple-inputs";

type Actor = { actorId: number; templeId: number };

export async function loadTempleDetails(db: Database, templeId: number) {
  const [row] = await db.select().from(temples).where(eq(temples.id, templeId)).limit(1);
  return row ?? null;
}

export async function updateTempleDetails(db: Database, { actorId, templeId }: Actor, input: Omit<TempleDetailsInput, "intent">) {
  const { displayName, streetName, description, metaDescription, phone, email } = input;
  await db.batch([
    db.update(temples).set({ displayName, streetName, description, metaDescription, phone, email }).where(eq(temples.id, templeId)),
    auditStatement(db, { actorId, action: "temple.update", entity: "temple", entityId: templeId, templeId, detail: { displayName } }),
  ]);
  // The display name is searched in every script and spelling: its keys follow it at once.
  await refreshTempleSearchKeys(db, [templeId]);
}

export async function updateTempleImage(db: Database, { actorId, templeId }: Actor, imageUrl: string) {
  await db.batch([
    db.update(temples).set({ imageUrl }).where(eq(temples.id, templeId)),
    auditStatement(db, { actorId, action: "temple.image", entity: "temple", entityId: templeId, templeId, detail: { imageUrl } }),
  ]);
}

export async function updateTaxDetails(db: Database, { actorId, templeId }: Actor, input: Omit<TaxDetailsInput, "intent">) {
  const registration80g = input.registration80g || null;
  const pan = input.pan || null;
  await db.batch([
    db.update(temples).set({ registration80g, pan }).where(eq(temples.id, templeId)),
    auditStatement(db, { actorId, action: "temple.tax", entity: "temple", entityId: templeId, templeId, detail: { registration80g, pan } }),
  ]);
}

/** The temple's pujas (all, active or not) with their seats a day, and the master pujas it does not offer yet. */
export async function listTemplePujas(db: Database, templeId: number, today = todayInIndia()) {
  const offered = await templePujaSettings(db, eq(templePujas.templeId, templeId), {
    pujaId: templePujas.pujaId,
    rate: templePujas.rate,
    postalCharge: templePujas.postalCharge,
    bookingMode: templePujas.bookingMode,
    /** Weekday exceptions and dates ahead with their own seats (the list says "some days differ"). */
    capacityRules: sql<number>`(select count(*) from ${pujaCapacityRules} r where r.temple_puja_id = ${templePujas.id}
        and (r.day is null or r.day >= ${today}))`,
  }).orderBy(asc(pujas.name));
  const others = await db
    .select({ id: pujas.id, name: pujas.name })
    .from(pujas)
    // A subquery, not the list: a temple may offer more pujas than D1 binds parameters.
    .where(notInArray(pujas.id, db.select({ id: templePujas.pujaId }).from(templePujas).where(eq(templePujas.templeId, templeId))))
    .orderBy(asc(pujas.name));
  return { offered, others };
}

export type TemplePujaRow = Awaited<ReturnType<typeof listTemplePujas>>["offered"][number];

/** Adds (pujaId) or edits (templePujaId) one of the temple's pujas. */
export async function saveTemplePuja(db: Database, { actorId, templeId }: Actor, input: Omit<TemplePujaInput, "intent">) {
  const values = {
    rate: input.rate,
    postalCharge: input.postalCharge,
    bookingMode: input.bookingMode,
    daysOffered: [...new Set(input.days)].sort().join(""),
    active: input.active === "on",
  };
  if (input.templePujaId) {
    // Open payment orders are re-checked against when a puja's price or availability last changed.
    const changed = sql`${templePujas.rate} is not ${values.rate} or ${templePujas.postalCharge} is not ${values.postalCharge}
      or ${templePujas.bookingMode} is not ${values.bookingMode} or ${templePujas.daysOffered} is not ${values.daysOffered}
      or ${templePujas.active} is not ${values.active ? 1 : 0}`;
    const changedAt = sql`case when ${changed} then ${new Date().toISOString()} else ${templePujas.changedAt} end`;
    const [updated] = await db.batch([
      db
        .update(templePujas)
        .set({ ...values, changedAt })
        .where(and(eq(templePujas.id, input.templePujaId), eq(templePujas.templeId, templeId)))
        .returning({ id: templePujas.id }),
      auditStatement(db, { actorId, action: "puja.update", entity: "temple_puja", entityId: input.templePujaId, templeId, detail: values }),
    ]);
    return updated.length > 0 ? ("saved" as const) : ("missing" as const);
  }
  if (!input.pujaId) return "missing" as const;
  const inserted = await db
    .insert(templePujas)
    .values({ templeId, pujaId: input.pujaId, ...values })
    .onConflictDoNothing()
    .returning({ id: templePujas.id });
  if (inserted.length === 0) return "taken" as const;
  await auditStatement(db, {
    actorId,
    action: "puja.add",
    entity: "temple_puja",
    entityId: inserted[0]!.id,
    templeId,
    detail: { pujaId: input.pujaId, ...values },
  });
  return "saved" as const;
}

export function listDonationPurposes(db: Database, templeId: number) {
  return db.select().from(donationPurposes).where(eq(donationPurposes.templeId, templeId)).orderBy(asc(donationPurposes.name));
}

export async function saveDonationPurpose(
  db: Database,
  { actorId, templeId }: Actor,
  input: Omit<DonationPurposeInput, "intent" | "description"> & { description?: string },
) {
  const values = {
    name: input.name,
    presetAmounts: input.presetAmounts,
    description: input.description ?? "",
    renovation: input.renovation === "on",
    active: input.active === "on",
  };
  if (input.purposeId) {
    const changedAt = sql`case when ${donationPurposes.active} is not ${values.active ? 1 : 0} then
      ${new Date().toISOString()} else ${donationPurposes.changedAt} end`;
    const [updated] = await db.batch([
      db
        .update(donationPurposes)
        .set({ ...values, changedAt })
        .where(and(eq(donationPurposes.id, input.purposeId), eq(donationPurposes.templeId, templeId)))
        .returning({ id: donationPurposes.id }),
      auditStatement(db, {
        actorId,
        action: "purpose.update",
        entity: "donation_purpose",
        entityId: input.purposeId,
        templeId,
        detail: values,
      }),
    ]);
    return updated.length > 0;
  }
  const [row] = await db
    .insert(donationPurposes)
    .values({ templeId, ...values })
    .returning({ id: donationPurposes.id });
  await auditStatement(db, { actorId, action: "purpose.add", entity: "donation_purpose", entityId: row!.id, templeId, detail: values });
  return true;
}

/** The temple's own events and news, newest first. */
export function listTempleMessages(db: Database, templeId: number) {
  return db
    .select()
    .from(messages)
    .where(and(eq(messages.templeId, templeId), inArray(messages.kind, ["event", "news"])))
    .orderBy(desc(messages.startDate), desc(messages.id))
    .limit(100);
}

export async function addTempleMessage(db: Database, { actorId, templeId }: Actor, input: Omit<TempleMessageInput, "intent">) {
  const [row] = await db
    .insert(messages)
    .values({ templeId, kind: input.kind, header: input.header, body: input.body, startDate: input.startDate, endDate: input.endDate })
    .returning({ id: messages.id });
  await auditStatement(db, {
    actorId,
    action: `${input.kind}.add`,
    entity: "message",
    entityId: row!.id,
    templeId,
    detail: { header: input.header },
  });
}

export async function deleteTempleMessage(db: Database, { actorId, templeId }: Actor, messageId: number) {
  const scope = and(eq(messages.id, messageId), eq(messages.templeId, templeId), inArray(messages.kind, ["event", "news"]));
  const [found] = await db.select({ header: messages.header }).from(messages).where(scope).limit(1);
  if (!found) return false;
  await db.batch([
    db.delete(messages).where(scope),
    auditStatement(db, {
      actorId,
      action: "message.delete",
      entity: "message",
      entityId: messageId,
      templeId,
      detail: { header: found.header },
    }),
  ]);
  return true;
}
