/**
 * A devotee's saved people (family.ts has the rules). Every read and write names the customer:
 * another account's person is never found, so it cannot be read, changed or removed (a 404).
 */
import { and, asc, eq, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { familyMembers, stars } from "~/db/schema";
import { textInLanguage } from "~/domain/content/translations.server";
import { type FamilyMemberInput, MAX_FAMILY_MEMBERS } from "./family";

/** What a booking form fills a devotee from (name, star, gotra), and how the list names the person. */
const PERSON = {
  id: familyMembers.id,
  name: familyMembers.name,
  relation: familyMembers.relation,
  starId: familyMembers.starId,
  gotra: familyMembers.gotra,
};

/** The account's people, oldest first, with the star's name in the page's language. */
export function listFamilyMembers(db: Database, customerId: number) {
  return db
    .select({
      ...PERSON,
      starName: textInLanguage("star", stars.id, stars.name, "name").as("star_name_shown"),
      rashi: familyMembers.rashi,
      dateOfBirth: familyMembers.dateOfBirth,
    })
    .from(familyMembers)
    .leftJoin(stars, eq(stars.id, familyMembers.starId))
    .where(eq(familyMembers.customerId, customerId))
    .orderBy(asc(familyMembers.id))
    .limit(MAX_FAMILY_MEMBERS);
}

export type FamilyMember = Awaited<ReturnType<typeof listFamilyMembers>>[number];

/** What a booking form offers of each person: enough to fill a devotee's name, star and gotra (one batch statement). */
export function savedPeopleQuery(db: Database, customerId: number) {
  return db
    .select(PERSON)
    .from(familyMembers)
    .where(eq(familyMembers.customerId, customerId))
    .orderBy(asc(familyMembers.id))
    .limit(MAX_FAMILY_MEMBERS);
}

export type SavedPerson = Awaited<ReturnType<typeof savedPeopleQuery>>[number];

/**
 * Saves a new person unless the account keeps MAX_FAMILY_MEMBERS already: one conditional
 * insert, so two forms sent at once cannot pass the bound together.
 */
export async function addFamilyMember(db: Database, customerId: number, input: FamilyMemberInput): Promise<{ ok: boolean }> {
  const result = await db.run(sql`
    insert into family_members (customer_id, name, relation, star_id, gotra, rashi, date_of_birth)
    select ${customerId}, ${input.name}, ${input.relation}, ${input.starId}, ${input.gotra}, ${input.rashi}, ${input.dateOfBirth}
    where (select count(*) from family_members where customer_id = ${customerId}) < ${MAX_FAMILY_MEMBERS}`);
  return { ok: (result.meta.changes ?? 0) > 0 };
}

/** Changes one of the account's people; false when the account has no such person. */
export async function updateFamilyMember(db: Database, customerId: number, memberId: number, input: FamilyMemberInput): Promise<boolean> {
  const updated = await db
    .update(familyMembers)
    .set({
      name: input.name,
      relation: input.relation,
      starId: input.starId,
      gotra: input.gotra,
      rashi: input.rashi,
      dateOfBirth: input.dateOfBirth,
    })
    .where(and(eq(familyMembers.id, memberId), eq(familyMembers.customerId, customerId)))
    .returning({ id: familyMembers.id });
  return updated.length > 0;
}

/** Removes one of the account's people (bookings keep the names they were made with); false when there is none. */
export async function removeFamilyMember(db: Database, customerId: number, memberId: number): Promise<boolean> {
  const removed = await db
    .delete(familyMembers)
    .where(and(eq(familyMembers.id, memberId), eq(familyMembers.customerId, customerId)))
    .returning({ id: familyMembers.id });
  return removed.length > 0;
}
