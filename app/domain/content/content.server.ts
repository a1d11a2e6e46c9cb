import { and, asc, desc, eq, gte, lte } from "drizzle-orm";
import { inLanguage, oneInLanguage } from "./translations.server";
import type { Database } from "~/db/client.server";
import { deities, messages, packages } from "~/db/schema";
import { todayInIndia } from "~/lib/india-time";

export const HOME_DEITY_LIMIT = 8;
export const HOME_PACKAGE_LIMIT = 8;
export const ANNOUNCEMENT_POPUP_ORDER = 999;
export const LANGUAGE_ID = 1;

export type MessageKind = "announcement" | "event" | "news";

export function listDeities(db: Database, limit?: number) {
  const query = db
    .select({ id: deities.id, name: deities.name, imagePath: deities.imagePath })
    .from(deities)
    .orderBy(asc(deities.displayOrder), asc(deities.name));
  return limit ? query.limit(limit) : query;
}

export function listActivePackages(db: Database, limit = HOME_PACKAGE_LIMIT) {
  return db
    .select({
      id: packages.id,
      name: packages.name,
      homePageShortDesc: packages.homePageShortDesc,
      imagePath: packages.imagePath,
    })
    .from(packages)
    .where(eq(packages.active, true))
    .orderBy(asc(packages.displayOrder), asc(packages.id))
    .limit(limit);
}

/** Messages of a kind that are current on `today` (events: not yet ended), in the request's language. */
export async function listCurrentMessages(db: Database, kind: MessageKind, today: string) {
  const rows = await db
    .select()
    .from(messages)
    .where(
      and(
        eq(messages.kind, kind),
        eq(messages.languageId, LANGUAGE_ID),
        gte(messages.endDate, today),
        kind === "announcement" ? lte(messages.startDate, today) : undefined,
      ),
    )
    .orderBy(kind === "news" ? desc(messages.startDate) : asc(messages.startDate), asc(messages.displayOrder));
  return inLanguage(db, "message", rows, (message) => message.id, { header: "header", body: "body" });
}

/** Deities (from `listDeities`) named in the request's language. */
export function deitiesInLanguage(db: Database, rows: { id: number; name: string; imagePath: string }[]) {
  return inLanguage(db, "deity", rows, (deity) => deity.id, { name: "name" });
}

/** The active announcement with display order 999, shown as a pop-up. */
export async function findPopupAnnouncement(db: Database, today = todayInIndia()) {
  const [row] = await db
    .select({
      id: messages.id,
      header: messages.header,
      body: messages.body,
      imagePath: messages.imagePath,
      footerUrl: messages.footerUrl,
    })
    .from(messages)
    .where(
      and(
        eq(messages.kind, "announcement"),
        eq(messages.languageId, LANGUAGE_ID),
        eq(messages.displayOrder, ANNOUNCEMENT_POPUP_ORDER),
        lte(messages.startDate, today),
        gte(messages.endDate, today),
      ),
    )
    .orderBy(desc(messages.startDate))
    .limit(1);
  return row ? oneInLanguage(db, "message", row, row.id, { header: "header", body: "body" }) : null;
}
