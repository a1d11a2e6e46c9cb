/**
 * Content in the devotee's language: temples, pujas, deities, stars, messages (events,
 * news, announcements), states and donation purposes carry variants in Hindi, Tamil, Malayalam,
 * Telugu and Kannada where staff wrote them (the desk for a temple and its pujas, the console
 * for the rest; stars, deities, states, purposes and the landmark temples are seeded). A page
 * in one of those languages shows the variant and falls back to the English row where there is
 * none; English pages read nothing extra.
 *
 * Reads are one query per list (ids in chunks that stay under D1's 100 bound parameters),
 * on the table's primary key (kind, locale, ref_id, field).
 */
import { and, asc, eq, gte, inArray, sql } from "drizzle-orm";
import type { AnySQLiteColumn } from "drizzle-orm/sqlite-core";
import type { BatchItem } from "drizzle-orm/batch";
import type { Database } from "~/db/client.server";
import { contentTranslations, deities, messages, pujas } from "~/db/schema";
import { todayInIndia } from "~/lib/india-time";
import { baseLocale, currentLocale, type Locale } from "~/lib/i18n";
import { auditStatement } from "~/domain/audit/audit.server";
import { type ConsoleKind, OTHER_LOCALES, type OtherLocale, type TranslatedField, type TranslatedKind, type Variants } from "./variants";

export type { ConsoleKind, OtherLocale, TranslatedField, TranslatedKind, Variants } from "./variants";

/** Ids per statement: kind and locale take two of D1's 100 parameters. */
const IDS_PER_QUERY = 90;

type Overlay<Row> = Partial<Record<keyof Row & string, TranslatedField>>;

/**
 * `rows` with their fields in `locale` where a variant exists: `fields` maps a row's
 * property to the translated field that replaces it (`{ displayName: "name" }`).
 */
export async function inLanguage<Row extends object>(
  db: Database,
  kind: TranslatedKind,
  rows: Row[],
  idOf: (row: Row) => number,
  fields: Overlay<Row>,
  locale: Locale = currentLocale(),
): Promise<Row[]> {
  if (locale === baseLocale || rows.length === 0) return rows;
  const wanted = new Set(Object.values(fields) as TranslatedField[]);
  const found = await readVariants(db, kind, [...new Set(rows.map(idOf))], locale as OtherLocale);
  if (found.size === 0) return rows;
  return rows.map((row) => {
    const variants = found.get(idOf(row));
    if (!variants) return row;
    const copy = { ...row } as Record<string, unknown>;
    for (const [property, field] of Object.entries(fields) as [string, TranslatedField][]) {
      const text = wanted.has(field) ? variants.get(field) : undefined;
      if (text) copy[property] = text;
    }
    return copy as Row;
  });
}

/** One row, translated (see `inLanguage`). */
export async function oneInLanguage<Row extends object>(
  db: Database,
  kind: TranslatedKind,
  row: Row,
  id: number,
  fields: Overlay<Row>,
  locale: Locale = currentLocale(),
): Promise<Row> {
  const [translated] = await inLanguage(db, kind, [row], () => id, fields, locale);
  return translated!;
}

async function readVariants(db: Database, kind: TranslatedKind, ids: number[], locale: OtherLocale) {
  const found = new Map<number, Map<TranslatedField, string>>();
  for (let start = 0; start < ids.length; start += IDS_PER_QUERY) {
    const rows = await db
      .select({ refId: contentTranslations.refId, field: contentTranslations.field, text: contentTranslations.text })
      .from(contentTranslations)
      .where(
        and(
          eq(contentTranslations.kind, kind),
          eq(contentTranslations.locale, locale),
          inArray(contentTranslations.refId, ids.slice(start, start + IDS_PER_QUERY)),
        ),
      );
    for (const row of rows) {
      const variants = found.get(row.refId) ?? new Map<TranslatedField, string>();
      variants.set(row.field, row.text);
      found.set(row.refId, variants);
    }
  }
  return found;
}

/** Every variant of one entity, for the form that edits them: `{ ml: { name: "…" } }`. */
export async function listVariants(db: Database, kind: TranslatedKind, refId: number) {
  const rows = await db
    .select({ locale: contentTranslations.locale, field: contentTranslations.field, text: contentTranslations.text })
    .from(contentTranslations)
    .where(
      and(eq(contentTranslations.kind, kind), inArray(contentTranslations.locale, OTHER_LOCALES), eq(contentTranslations.refId, refId)),
    );
  const variants: Partial<Record<OtherLocale, Partial<Record<TranslatedField, string>>>> = {};
  for (const row of rows) (variants[row.locale] ??= {})[row.field] = row.text;
  return variants;
}

/**
 * Keeps exactly the variants given: a text replaces the stored one, an empty or missing one
 * removes it (the page falls back to English). One batch, so a form saves all or nothing.
 */
export async function saveVariants(
  db: Database,
  actor: { actorId: number; templeId?: number },
  kind: TranslatedKind,
  refId: number,
  fields: readonly TranslatedField[],
  variants: Variants,
) {
  const kept = OTHER_LOCALES.filter((locale) => fields.some((field) => variants[locale]?.[field]?.trim()));
  const statements: BatchItem<"sqlite">[] = [
    auditStatement(db, {
      actorId: actor.actorId,
      action: `${kind}.languages`,
      entity: kind,
      entityId: refId,
      templeId: actor.templeId,
      detail: { languages: kept },
    }),
  ];
  for (const locale of OTHER_LOCALES) {
    for (const field of fields) {
      const text = variants[locale]?.[field]?.trim();
      const key = and(
        eq(contentTranslations.kind, kind),
        eq(contentTranslations.locale, locale),
        eq(contentTranslations.refId, refId),
        eq(contentTranslations.field, field),
      );
      statements.push(
        text
          ? db
              .insert(contentTranslations)
              .values({ kind, refId, field, locale, text })
              .onConflictDoUpdate({
                target: [contentTranslations.kind, contentTranslations.locale, contentTranslations.refId, contentTranslations.field],
                set: { text, updatedAt: sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))` },
              })
          : db.delete(contentTranslations).where(key),
      );
    }
  }
  await db.batch(statements as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
}

const languagesDone = (kind: TranslatedKind, id: AnySQLiteColumn) =>
  sql<number>`(select count(distinct ${contentTranslations.locale}) from ${contentTranslations} where
    ${contentTranslations.kind} = ${kind} and ${contentTranslations.refId} = ${id})`;

/** Every item of a kind, with how many of the five languages it has (one query). */
export function listTranslatable(db: Database, kind: ConsoleKind) {
  if (kind === "deity") {
    return db
      .select({ id: deities.id, label: deities.name, languages: languagesDone("deity", deities.id) })
      .from(deities)
      .orderBy(asc(deities.displayOrder), asc(deities.name));
  }
  if (kind === "puja") {
    return db
      .select({ id: pujas.id, label: pujas.name, languages: languagesDone("puja", pujas.id) })
      .from(pujas)
      .orderBy(asc(pujas.name));
  }
  return db
    .select({ id: messages.id, label: messages.header, languages: languagesDone("message", messages.id) })
    .from(messages)
    .where(gte(messages.endDate, todayInIndia()))
    .orderBy(asc(messages.kind), asc(messages.startDate))
    .limit(500);
}

/** One item's English text by field, or null. */
export async function findTranslatable(
  db: Database,
  kind: ConsoleKind,
  id: number,
): Promise<Partial<Record<TranslatedField, string>> | null> {
  if (kind === "deity") {
    const [row] = await db.select({ name: deities.name }).from(deities).where(eq(deities.id, id)).limit(1);
    return row ?? null;
  }
  if (kind === "puja") {
    const [row] = await db.select({ name: pujas.name, description: pujas.description }).from(pujas).where(eq(pujas.id, id)).limit(1);
    return row ?? null;
  }
  const [row] = await db.select({ header: messages.header, body: messages.body }).from(messages).where(eq(messages.id, id)).limit(1);
  return row ?? null;
}

/**
 * A column in the request's language inside a query: the variant where there is one, the
 * English column otherwise (`starName: textInLanguage("star", stars.id, stars.name)`). One
 * primary-key lookup per row; English pages get the column as it is.
 */
export function textInLanguage(
  kind: TranslatedKind,
  id: AnySQLiteColumn,
  english: AnySQLiteColumn,
  field: TranslatedField = "name",
  locale: Locale = currentLocale(),
) {
  if (locale === baseLocale) return sql<string>`${english}`;
  return sql<string>`coalesce((select ${contentTranslations.text} from ${contentTranslations} where
    ${contentTranslations.kind} = ${kind} and ${contentTranslations.locale} = ${locale} and
    ${contentTranslations.refId} = ${id} and ${contentTranslations.field} = ${field}), ${english})`;
}

/**
 * As `textInLanguage`, in the language each row names (`language`, a column such as a
 * devotee's chosen language): a query that writes to many devotees names each thing in theirs.
 */
export function textInRowLanguage(
  kind: TranslatedKind,
  id: AnySQLiteColumn,
  english: AnySQLiteColumn,
  language: AnySQLiteColumn,
  field: TranslatedField = "name",
) {
  return sql<string>`coalesce((select ${contentTranslations.text} from ${contentTranslations} where
    ${contentTranslations.kind} = ${kind} and ${contentTranslations.locale} = ${language} and
    ${contentTranslations.refId} = ${id} and ${contentTranslations.field} = ${field}), ${english})`;
}
