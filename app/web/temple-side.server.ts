/**
 * A temple site's temple side: the site with the seats each day has left, the stars list and
 * the release notices. It is the same for every devotee, so it is read once for all of them
 * and kept for SEATS_SECONDS, under the language, the day in India, the content version and
 * the writes this isolate has seen. Seats change with every checkout: a visitor's copy may be
 * a minute old, a devotee's view never more than these few seconds, and a write made through
 * this isolate (a checkout, a payment) is read again at once. The devotee part the Worker
 * draws (workers/devotee-temple-site.tsx) and the page's own loader (the full render, and the
 * data a browser asks for after a booking) read it here alike.
 */
import { listStars } from "~/domain/accounts/customers.server";
import { templeReleaseNotices } from "~/domain/bookings/releases.server";
import { loadTempleSite, type TempleSite } from "~/domain/catalog/temple-site.server";
import type { RequestState } from "~/lib/context.server";
import { contentVersion, isolateWrites } from "~/lib/edge-cache/versions.server";
import { currentLocale } from "~/lib/i18n";
import { todayInIndia } from "~/lib/india-time";
import type { TempleReleases } from "./temple-site-booking.server";

/** How old the seats a devotee sees may be. */
export const SEATS_SECONDS = 2;
const TEMPLES_KEPT = 100;

export interface TempleSide {
  site: TempleSite;
  stars: { id: number; name: string }[];
  releases: TempleReleases;
}

const templeSides = new Map<string, { until: number; side: Promise<TempleSide | null> }>();

/** The temple's side of the part, read once for every devotee (a request that finds it being read waits for that read). */
export async function templeSide(state: RequestState, slug: string, now = Date.now()): Promise<TempleSide | null> {
  const today = todayInIndia();
  const version = await contentVersion(state.env.bindings.DB);
  const key = [currentLocale(), slug, today, version, isolateWrites()].join("\n");
  const kept = templeSides.get(key);
  if (kept && kept.until > now) return kept.side;
  const side = Promise.all([loadTempleSite(state.db, slug, today), listStars(state.db), templeReleaseNotices(state.db, slug, now)]).then(
    ([site, stars, notices]) => (site ? { site, stars, releases: { notices, now } } : null),
  );
  // A failed read is not kept: the next request reads again.
  side.catch(() => templeSides.delete(key));
  if (templeSides.size >= TEMPLES_KEPT) {
    for (const [old, entry] of templeSides) if (entry.until <= now) templeSides.delete(old);
    if (templeSides.size >= TEMPLES_KEPT) templeSides.delete(templeSides.keys().next().value!);
  }
  templeSides.set(key, { until: now + SEATS_SECONDS * 1000, side });
  return side;
}
