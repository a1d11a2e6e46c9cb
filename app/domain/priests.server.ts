import { and, asc, count, eq, inArray, sql, type SQL } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { z } from "zod";
import { districts, priestPujas, priestTemples, priests, pujas, states, temples } from "~/db/schema";
import { PRIEST_PAGE_SIZE } from "./priests";

const filterText = z.string().trim().max(100).optional().catch(undefined);

/** Priests directory filters: exact whole-text, case-insensitive; empty passes all. */
export const priestFilterSchema = z.object({
  puja: filterText,
  temple: filterText,
  priest: filterText,
  shown: z.coerce.number().int().min(PRIEST_PAGE_SIZE).max(5_000).catch(PRIEST_PAGE_SIZE).default(PRIEST_PAGE_SIZE),
});

export type PriestFilter = z.infer<typeof priestFilterSchema>;

/** A missing priest name counts as a blank space (spec section 4). */
const priestName = sql`coalesce(${priests.name}, ' ')`;

function filterConditions(filter: PriestFilter): SQL | undefined {
  const conditions: SQL[] = [
    sql`exists (select 1 from ${priestTemples} where ${priestTemples.templeId} = ${temples.id})`,
  ];
  if (filter.puja) {
    conditions.push(
      sql`exists (select 1 from ${priestTemples}
        join ${priestPujas} on ${priestPujas.priestId} = ${priestTemples.priestId}
        join ${pujas} on ${pujas.id} = ${priestPujas.pujaId}
        where ${priestTemples.templeId} = ${temples.id} and ${pujas.name} = ${filter.puja} collate nocase)`,
    );
  }
  if (filter.temple) {
    conditions.push(sql`${temples.name} = ${filter.temple} collate nocase`);
  }
  if (filter.priest) {
    conditions.push(
      sql`exists (select 1 from ${priestTemples}
        join ${priests} on ${priests.id} = ${priestTemples.priestId}
        where ${priestTemples.templeId} = ${temples.id} and ${priestName} = ${filter.priest} collate nocase)`,
    );
  }
  return and(...conditions);
}

/** Temples with priests that pass every active filter, with their priests' names. */
export async function searchPriestTemples(db: Database, filter: PriestFilter) {
  const where = filterConditions(filter);
  const [rows, totals, priestTotals] = await db.batch([
    db
      .select({
        id: temples.id,
        slug: temples.slug,
        name: temples.name,
        displayName: temples.displayName,
        imageUrl: temples.imageUrl,
        website: temples.website,
        onlineBooking: temples.onlineBooking,
        isAssisted: temples.isAssisted,
        district: districts.name,
        state: states.name,
      })
      .from(temples)
      .innerJoin(districts, eq(districts.id, temples.districtId))
      .innerJoin(states, eq(states.id, temples.stateId))
      .where(where)
      .orderBy(asc(temples.name))
      .limit(filter.shown),
    db.select({ total: count() }).from(temples).where(where),
    db.select({ total: count() }).from(priests),
  ]);
  const templeIds = rows.map((row) => row.id);
  const priestRows = templeIds.length
    ? await db
        .select({ templeId: priestTemples.templeId, name: priests.name })
        .from(priestTemples)
        .innerJoin(priests, eq(priests.id, priestTemples.priestId))
        .where(inArray(priestTemples.templeId, templeIds))
    : [];
  return {
    temples: rows.map((row) => ({
      ...row,
      priests: priestRows
        .filter((p) => p.templeId === row.id && p.name)
        .map((p) => p.name as string),
    })),
    total: totals[0]?.total ?? 0,
    priestCount: priestTotals[0]?.total ?? 0,
  };
}
