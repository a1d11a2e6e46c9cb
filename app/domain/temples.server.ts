import { and, asc, count, desc, eq, sql, type SQL } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { DEITY_SUFFIX, TEMPLE_PAGE_SIZE } from "./temples";
import {
  deities,
  districts,
  pujas,
  states,
  templeDeities,
  templePujas,
  temples,
} from "~/db/schema";
import { z } from "zod";

const optionalId = z.coerce.number().int().positive().optional().catch(undefined);

/** The temples list's input: the spec's key1/key2/key3 plus state, district and page. */
export const templeSearchSchema = z.object({
  key1: z.enum(["temple", "puja", "deity"]).optional().catch(undefined),
  key2: z.string().trim().max(100).optional().catch(undefined),
  key3: z.string().trim().max(100).optional().catch(undefined),
  state: optionalId,
  district: optionalId,
  page: z.coerce.number().int().min(1).max(10_000).catch(1).default(1),
});

export type TempleSearch = z.infer<typeof templeSearchSchema>;

function escapeLike(value: string) {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}

function searchConditions(search: TempleSearch): SQL | undefined {
  const conditions: (SQL | undefined)[] = [];
  const value = search.key2?.trim();
  if (value) {
    if (search.key1 === "deity") {
      const deityName = value.replace(DEITY_SUFFIX, "");
      conditions.push(
        sql`exists (select 1 from ${templeDeities} join ${deities} on ${deities.id} = ${templeDeities.deityId}
              where ${templeDeities.templeId} = ${temples.id} and ${deities.name} = ${deityName} collate nocase)`,
      );
    } else if (search.key1 === "puja") {
      conditions.push(
        sql`exists (select 1 from ${templePujas} join ${pujas} on ${pujas.id} = ${templePujas.pujaId}
              where ${templePujas.templeId} = ${temples.id} and ${templePujas.active} = 1
              and ${pujas.name} = ${value} collate nocase)`,
      );
    } else {
      conditions.push(sql`${temples.name} like ${`%${escapeLike(value)}%`} escape '\\'`);
    }
  }
  if (search.state) conditions.push(eq(temples.stateId, search.state));
  if (search.district) conditions.push(eq(temples.districtId, search.district));
  return and(...conditions);
}

/** One page of temples matching the search, with the total for paging. */
export async function searchTemples(db: Database, search: TempleSearch) {
  const where = searchConditions(search);
  const offset = (search.page - 1) * TEMPLE_PAGE_SIZE;
  const [rows, totals] = await db.batch([
    db
      .select({
        id: temples.id,
        slug: temples.slug,
        name: temples.name,
        displayName: temples.displayName,
        imageUrl: temples.imageUrl,
        streetName: temples.streetName,
        description: temples.description,
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
      .orderBy(desc(temples.onlineBooking), desc(temples.isAssisted), asc(temples.name))
      .limit(TEMPLE_PAGE_SIZE)
      .offset(offset),
    db.select({ total: count() }).from(temples).where(where),
  ]);
  const total = totals[0]?.total ?? 0;
  return {
    temples: rows,
    total,
    page: search.page,
    pageCount: Math.max(1, Math.ceil(total / TEMPLE_PAGE_SIZE)),
  };
}

export type TempleCardData = Awaited<ReturnType<typeof searchTemples>>["temples"][number];

/** States and their districts for the search filters. */
export async function listStatesWithDistricts(db: Database) {
  const [stateRows, districtRows] = await db.batch([
    db.select().from(states).orderBy(asc(states.name)),
    db.select().from(districts).orderBy(asc(districts.name)),
  ]);
  return stateRows.map((state) => ({
    ...state,
    districts: districtRows.filter((d) => d.stateId === state.id),
  }));
}

export type Suggestion = { kind: "temple" | "deity" | "puja"; label: string };

/** Autocomplete: temple names, deity names + " Temples", puja names, by prefix. */
export async function suggest(db: Database, text: string, limit = 8): Promise<Suggestion[]> {
  const term = text.trim();
  if (term.length < 2) return [];
  const prefix = `${escapeLike(term)}%`;
  const [deityRows, pujaRows, templeRows] = await db.batch([
    db
      .select({ name: deities.name })
      .from(deities)
      .where(sql`${deities.name} like ${prefix} escape '\\'`)
      .orderBy(asc(deities.name))
      .limit(3),
    db
      .select({ name: pujas.name })
      .from(pujas)
      .where(sql`${pujas.name} like ${prefix} escape '\\'`)
      .orderBy(asc(pujas.name))
      .limit(3),
    db
      .select({ name: temples.name })
      .from(temples)
      .where(sql`${temples.name} like ${`%${escapeLike(term)}%`} escape '\\'`)
      .orderBy(asc(temples.name))
      .limit(limit),
  ]);
  const suggestions: Suggestion[] = [
    ...deityRows.map((d) => ({ kind: "deity" as const, label: `${d.name} Temples` })),
    ...pujaRows.map((p) => ({ kind: "puja" as const, label: p.name })),
    ...templeRows.map((t) => ({ kind: "temple" as const, label: t.name })),
  ];
  return suggestions.slice(0, limit);
}
