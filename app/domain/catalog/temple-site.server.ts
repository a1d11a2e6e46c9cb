/** A temple's own site: the temple, its pujas and donations, its events; and host look-ups. */
import { and, asc, desc, eq, gte, or } from "drizzle-orm";
import { inLanguage, oneInLanguage, textInLanguage } from "~/domain/content/translations.server";
import type { Database } from "~/db/client.server";
import { Memo } from "~/lib/memo.server";
import { deities, donationPurposes, messages, pujas, templeDeities, templePujas, temples } from "~/db/schema";
import { pujasOnOffer } from "~/domain/bookings/cart/booking-list.server";
import { type PujaSeatCalendar, seatCalendars } from "~/domain/bookings/seats/seats.server";
import { normalizeHost } from "./temple-site";
import { selectTemplesWithPlace } from "./temples.server";
import { takesPayments } from "~/domain/trust/takes-payments";

const UPCOMING_EVENTS = 5;

/**
 * Everything the temple site shows every visitor, in one batch; null for an unknown slug (what
 * it shows a signed-in devotee is bookings/devotee-details). (In a D1 batch, rows come back
 * keyed by column name: joined columns that share a name get aliases.)
 */
export async function loadTempleSite(db: Database, slug: string, today: string) {
  const [templeRows, deityRows, pujaRows, purposeRows, eventRows] = await db.batch([
    selectTemplesWithPlace(db, {
      id: temples.id,
      slug: temples.slug,
      name: temples.name,
      displayName: temples.displayName,
      imageUrl: temples.imageUrl,
      streetName: temples.streetName,
      description: temples.description,
      metaDescription: temples.metaDescription,
      website: temples.website,
      onlineBooking: temples.onlineBooking,
      verified: temples.verified,
      registration80g: temples.registration80g,
      phone: temples.phone,
      email: temples.email,
    })
      .where(eq(temples.slug, slug))
      .limit(1),
    db
      .select({ id: deities.id, name: deities.name })
      .from(templeDeities)
      .innerJoin(temples, eq(temples.id, templeDeities.templeId))
      .innerJoin(deities, eq(deities.id, templeDeities.deityId))
      .where(eq(temples.slug, slug))
      .orderBy(desc(templeDeities.isPrincipal), asc(deities.name)),
    pujasOnOffer(db, eq(temples.slug, slug)).orderBy(asc(templePujas.rate), asc(pujas.name)),
    db
      .select({
        id: donationPurposes.id,
        name: textInLanguage("purpose", donationPurposes.id, donationPurposes.name).as("purpose_name"),
        presetAmounts: donationPurposes.presetAmounts,
      })
      .from(donationPurposes)
      .innerJoin(temples, eq(temples.id, donationPurposes.templeId))
      .where(and(eq(temples.slug, slug), eq(donationPurposes.active, true)))
      .orderBy(asc(donationPurposes.id)),
    db
      .select({ id: messages.id, header: messages.header, body: messages.body, startDate: messages.startDate, endDate: messages.endDate })
      .from(messages)
      .innerJoin(temples, eq(temples.id, messages.templeId))
      .where(and(eq(temples.slug, slug), eq(messages.kind, "event"), gte(messages.endDate, today)))
      .orderBy(asc(messages.startDate))
      .limit(UPCOMING_EVENTS),
  ]);
  if (!templeRows[0]) return null;
  // The temple's own words in the request's language where the desk wrote them.
  const [temple, deityNames, pujaList, eventList] = await Promise.all([
    oneInLanguage(db, "temple", templeRows[0], templeRows[0].id, { name: "name", displayName: "name", description: "description" }),
    inLanguage(db, "deity", deityRows, (d) => d.id, { name: "name" }),
    inLanguage(db, "puja", pujaRows, (p) => p.pujaId, { name: "name", description: "description" }),
    inLanguage(db, "message", eventRows, (e) => e.id, { header: "header", body: "body" }),
  ]);
  // What each day of a limited puja has left (seats change with every checkout: read each time).
  const calendars = takesPayments(temple) ? await seatCalendars(db, templeRows[0].id, pujaRows, today) : new Map();
  return {
    temple,
    deities: deityNames.map((d) => d.name),
    pujas: pujaList.map(({ dailyCapacity: _c, hasCapacityRules: _r, perDevoteeLimit: _l, ...puja }) => ({
      ...puja,
      seats: (calendars.get(puja.id) ?? null) as PujaSeatCalendar | null,
    })),
    donationPurposes: purposeRows.map((p) => ({
      id: p.id,
      name: p.name,
      presets: p.presetAmounts
        .split(",")
        .map(Number)
        .filter((n) => Number.isInteger(n) && n > 0),
    })),
    events: eventList,
  };
}

export type TempleSite = NonNullable<Awaited<ReturnType<typeof loadTempleSite>>>;

// Settled answers only (a request never waits for another's read); misses are kept too.
const templeHosts = new Memo<string | null>({ max: 1000, share: false });

/**
 * The slug of the temple whose WebSite is `host`, or null. Answers are remembered
 * for a few minutes per isolate, misses too, so unknown hosts cost one query.
 */
export function findTempleSlugByHost(db: Database, host: string, now = Date.now()): Promise<string | null> {
  const wanted = normalizeHost(host);
  if (!wanted) return Promise.resolve(null);
  // 5 min: a temple's own host changes rarely (set once at the desk); a new one answers within minutes.
  return templeHosts.get(
    { key: wanted, ttlMs: 5 * 60_000 },
    async () => {
      const [row] = await db
        .select({ slug: temples.slug })
        .from(temples)
        .where(or(eq(temples.website, wanted), eq(temples.website, `www.${wanted}`)))
        .limit(1);
      return row?.slug ?? null;
    },
    now,
  );
}
