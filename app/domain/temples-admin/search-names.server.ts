/**
 * The names devotees search a temple by, and its pilgrimage weight: operators add, approve,
 * reject and remove names and set the weight; a temple's staff propose names for their own
 * temple and withdraw their proposals. Every change writes an audit row in its batch, and an
 * approved name is in the temple's search keys at once (search-keys.server.ts).
 */
import { and, asc, count, desc, eq, inArray, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { templeAliases, temples } from "~/db/schema";
import { refreshProminence } from "~/domain/catalog/prominence.server";
import { refreshTempleSearchKeys } from "~/domain/catalog/search-keys.server";
import { auditStatement } from "~/domain/audit/audit.server";
import { ALIASES_PER_TEMPLE, aliasLanguage, SEARCH_NAME_MESSAGES as M } from "./search-names";

const aliasColumns = {
  id: templeAliases.id,
  templeId: templeAliases.templeId,
  text: templeAliases.text,
  language: templeAliases.language,
  status: templeAliases.status,
  createdAt: templeAliases.createdAt,
};

/** A temple's names, approved first, then proposed, then rejected; each group by name. */
export function listTempleAliases(db: Database, templeId: number) {
  return db
    .select(aliasColumns)
    .from(templeAliases)
    .where(eq(templeAliases.templeId, templeId))
    .orderBy(sql`case ${templeAliases.status} when 'approved' then 0 when 'proposed' then 1 else 2 end`, asc(templeAliases.text))
    .limit(ALIASES_PER_TEMPLE * 2);
}

/** Names temples' staff proposed, oldest first, with their temple (the operator's queue). */
export function listProposedAliases(db: Database, limit = 50) {
  return db
    .select({ ...aliasColumns, temple: temples.displayName })
    .from(templeAliases)
    .innerJoin(temples, eq(temples.id, templeAliases.templeId))
    .where(eq(templeAliases.status, "proposed"))
    .orderBy(asc(templeAliases.createdAt), asc(templeAliases.id))
    .limit(limit);
}

/** A temple as the console's search-names screen shows it, or undefined. */
export async function findSearchNamesTemple(db: Database, templeId: number) {
  const [temple] = await db
    .select({
      id: temples.id,
      displayName: temples.displayName,
      name: temples.name,
      weight: temples.pilgrimageWeight,
      prominence: temples.prominence,
    })
    .from(temples)
    .where(eq(temples.id, templeId))
    .limit(1);
  return temple;
}

type Outcome = { ok: true; message: string } | { ok: false; message: string };

/** Adds a name to a temple: approved when an operator adds it, proposed when its staff do. */
async function addAlias(
  db: Database,
  actor: { actorId: number; templeId: number },
  text: string,
  status: "approved" | "proposed",
): Promise<Outcome> {
  const language = aliasLanguage(text);
  if (!language) return { ok: false, message: M.text };
  const [[temple], counted, [taken]] = await db.batch([
    db.select({ id: temples.id }).from(temples).where(eq(temples.id, actor.templeId)).limit(1),
    db
      .select({ n: count() })
      .from(templeAliases)
      .where(and(eq(templeAliases.templeId, actor.templeId), inArray(templeAliases.status, ["approved", "proposed"]))),
    db
      .select({ id: templeAliases.id })
      .from(templeAliases)
      .where(and(eq(templeAliases.templeId, actor.templeId), sql`${templeAliases.text} = ${text} collate nocase`))
      .limit(1),
  ]);
  if (!temple) return { ok: false, message: M.text };
  if (taken) return { ok: false, message: M.taken };
  if ((counted[0]?.n ?? 0) >= ALIASES_PER_TEMPLE) return { ok: false, message: M.tooMany };
  const now = new Date().toISOString();
  await db.batch([
    db
      .insert(templeAliases)
      .values({
        templeId: actor.templeId,
        text,
        language,
        status,
        proposedBy: actor.actorId,
        ...(status === "approved" ? { reviewedBy: actor.actorId, reviewedAt: now } : {}),
      })
      .onConflictDoNothing(),
    auditStatement(db, {
      actorId: actor.actorId,
      action: status === "approved" ? "alias.add" : "alias.propose",
      entity: "temple",
      entityId: actor.templeId,
      templeId: actor.templeId,
      detail: { text, language },
    }),
  ]);
  if (status === "approved") await refreshTempleSearchKeys(db, [actor.templeId]);
  return { ok: true, message: status === "approved" ? M.added(text) : M.proposed(text) };
}

/** The operator adds a name (approved at once). */
export function addApprovedAlias(db: Database, actorId: number, templeId: number, text: string) {
  return addAlias(db, { actorId, templeId }, text, "approved");
}

/** A temple's staff propose a name for their temple. */
export function proposeAlias(db: Database, actor: { actorId: number; templeId: number }, text: string) {
  return addAlias(db, actor, text, "proposed");
}

/**
 * A decision on one name. The operator approves or rejects a proposal, or removes any name;
 * staff withdraw a proposal of their own temple (`templeId` scopes them). Null when there is
 * no such name for them to decide on.
 */
export async function decideAlias(
  db: Database,
  actor: { actorId: number; templeId?: number },
  aliasId: number,
  decision: "approve" | "reject" | "remove" | "withdraw",
): Promise<string | null> {
  const [alias] = await db
    .select(aliasColumns)
    .from(templeAliases)
    .where(and(eq(templeAliases.id, aliasId), actor.templeId === undefined ? undefined : eq(templeAliases.templeId, actor.templeId)))
    .limit(1);
  if (!alias) return null;
  const proposed = alias.status === "proposed";
  if ((decision === "approve" || decision === "reject" || decision === "withdraw") && !proposed) return null;
  const audit = auditStatement(db, {
    actorId: actor.actorId,
    action: `alias.${decision}`,
    entity: "temple_alias",
    entityId: alias.id,
    templeId: alias.templeId,
    detail: { text: alias.text },
  });
  const write =
    decision === "remove" || decision === "withdraw"
      ? db.delete(templeAliases).where(eq(templeAliases.id, alias.id))
      : db
          .update(templeAliases)
          .set({
            status: decision === "approve" ? "approved" : "rejected",
            reviewedBy: actor.actorId,
            reviewedAt: new Date().toISOString(),
          })
          .where(and(eq(templeAliases.id, alias.id), eq(templeAliases.status, "proposed")));
  await db.batch([write, audit]);
  // Only an approved name is in the keys: approving adds it, removing one takes it out.
  if (decision === "approve" || (decision === "remove" && alias.status === "approved")) await refreshTempleSearchKeys(db, [alias.templeId]);
  const said = { approve: M.approved, reject: M.rejected, remove: M.removed, withdraw: M.removed }[decision];
  return said(alias.text);
}

/** Sets a temple's pilgrimage weight; its prominence follows at once (housekeeping adds the bookings later too). */
export async function setPilgrimageWeight(db: Database, actorId: number, templeId: number, weight: number): Promise<boolean> {
  if (!(await findSearchNamesTemple(db, templeId))) return false;
  const [updated] = await db.batch([
    db.update(temples).set({ pilgrimageWeight: weight }).where(eq(temples.id, templeId)).returning({ id: temples.id }),
    auditStatement(db, { actorId, action: "temple.weight", entity: "temple", entityId: templeId, templeId, detail: { weight } }),
  ]);
  if (!updated.length) return false;
  await refreshProminence(db, new Date(), templeId);
  return true;
}

/** The temples with the highest pilgrimage weight (the console's list before a search). */
export function listWeightedTemples(db: Database, limit = 30) {
  return db
    .select({ id: temples.id, displayName: temples.displayName, weight: temples.pilgrimageWeight, prominence: temples.prominence })
    .from(temples)
    .orderBy(desc(temples.prominence), asc(temples.id))
    .limit(limit);
}
