/**
 * What a booking names, in the page's language: a puja and a temple read their variants
 * (content/translations.server.ts) where staff or the seed wrote them, and keep the English
 * name otherwise; a donation purpose reads its variant in the cart, and a booked donation keeps its name. The records keep
 * English: a cart is frozen into an order, and an order booked, under the English names
 * (the temple's staff and the receipts' numbers read them), and every page that shows a
 * booking names it in its own language, the receipt in the language it is downloaded in.
 *
 * Queries that read bookings name their columns with `pujaNameShown` / `templeNameShown`;
 * lines already read (an order's frozen lines) go through `namedInLanguage`.
 */
import { and, eq, inArray, type SQL } from "drizzle-orm";
import type { AnySQLiteColumn } from "drizzle-orm/sqlite-core";
import type { Database } from "~/db/client.server";
import { contentTranslations, stars, templePujas, temples } from "~/db/schema";
import { baseLocale, currentLocale, type Locale } from "~/lib/i18n";
import { textInLanguage, textInRowLanguage } from "~/domain/content/translations.server";

/** A booked puja's name in `locale`: the master puja's variant (`pujaId`), else `english`. */
export function pujaNameShown(
  pujaId: AnySQLiteColumn,
  english: AnySQLiteColumn,
  alias: string,
  locale: Locale = currentLocale(),
): SQL.Aliased<string> {
  return textInLanguage("puja", pujaId, english, "name", locale).as(alias);
}

/** A temple's display name in `locale`: the desk's variant, else the English display name. */
export function templeNameShown(alias: string, locale: Locale = currentLocale()): SQL.Aliased<string> {
  return textInLanguage("temple", temples.id, temples.displayName, "name", locale).as(alias);
}

/** As `pujaNameShown` and `templeNameShown`, each row in the language its `language` column names (a devotee's). */
export function pujaNameIn(language: AnySQLiteColumn, pujaId: AnySQLiteColumn, english: AnySQLiteColumn, alias: string) {
  return textInRowLanguage("puja", pujaId, english, language).as(alias);
}
export function templeNameIn(language: AnySQLiteColumn, alias: string) {
  return textInRowLanguage("temple", temples.id, temples.displayName, language).as(alias);
}

interface NamedLine {
  templeId: number;
  templeName: string;
  itemName: string;
  templePujaId: number | null;
  starId: number | null;
  starName: string | null;
}

/**
 * Lines read earlier (an order's, frozen in English) with their puja, temple and star named
 * in `locale`. One batch of primary-key reads; an order has at most 50 lines, so the ids of
 * each read stay under D1's 100 bound parameters.
 */
export async function namedInLanguage<Line extends NamedLine>(
  db: Database,
  lines: Line[],
  locale: Locale = currentLocale(),
): Promise<Line[]> {
  if (locale === baseLocale || lines.length === 0) return lines;
  const pujaLineIds = [...new Set(lines.flatMap((line) => (line.templePujaId === null ? [] : [line.templePujaId])))];
  const templeIds = [...new Set(lines.map((line) => line.templeId))];
  const starIds = [...new Set(lines.flatMap((line) => (line.starId === null ? [] : [line.starId])))];
  const variant = (kind: "puja" | "temple" | "star", refId: AnySQLiteColumn) =>
    and(
      eq(contentTranslations.kind, kind),
      eq(contentTranslations.locale, locale as Exclude<Locale, "en">),
      eq(contentTranslations.refId, refId),
      eq(contentTranslations.field, "name"),
    );
  const [pujaRows, templeRows, starRows] = await db.batch([
    db
      .select({ id: templePujas.id, text: contentTranslations.text })
      .from(templePujas)
      .innerJoin(contentTranslations, variant("puja", templePujas.pujaId))
      .where(inArray(templePujas.id, pujaLineIds.length ? pujaLineIds : [-1])),
    db
      .select({ id: temples.id, text: contentTranslations.text })
      .from(temples)
      .innerJoin(contentTranslations, variant("temple", temples.id))
      .where(inArray(temples.id, templeIds)),
    db
      .select({ id: stars.id, text: contentTranslations.text })
      .from(stars)
      .innerJoin(contentTranslations, variant("star", stars.id))
      .where(inArray(stars.id, starIds.length ? starIds : [-1])),
  ]);
  const named = (rows: { id: number; text: string }[]) => new Map(rows.map((row) => [row.id, row.text]));
  const [pujaNames, templeNames, starNames] = [named(pujaRows), named(templeRows), named(starRows)];
  return lines.map((line) => ({
    ...line,
    itemName: (line.templePujaId !== null ? pujaNames.get(line.templePujaId) : undefined) ?? line.itemName,
    templeName: templeNames.get(line.templeId) ?? line.templeName,
    starName: (line.starId !== null ? starNames.get(line.starId) : undefined) ?? line.starName,
  }));
}
