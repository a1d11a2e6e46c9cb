/**
 * A temple site's temple side: the site with the seats each day has left, the stars list and
 * the release notices. It is the same for every visitor and devotee, so it is read once for
 * all of them and kept for SEATS_SECONDS, under the language, the day in India, the content
 * version and the writes this isolate has seen. Seats change with every checkout: a visitor's
 * cached copy may be a minute old, a devotee's view never more than these few seconds, and a
 * write made through this isolate (a checkout, a payment) is read again at once. The page's
 * loader (a full render, and the data a browser asks for after a booking) and the devotee part
 * composed onto the cached copy (app/compose/temple-site-part.server.tsx) read it here alike.
 */
import { listStars } from "~/domain/accounts/customers.server";
import { templeReleaseNotices } from "~/domain/bookings/seats/releases.server";
import { loadTempleSite, type TempleSite } from "~/domain/catalog/temple-site.server";
import type { RequestState } from "~/lib/context.server";
import { contentVersion, isolateWrites } from "~/lib/edge-cache/versions.server";
import { currentLocale } from "~/lib/i18n";
import { todayInIndia } from "~/lib/india-time";
import { Memo } from "~/lib/memo.server";
import type { TempleReleases } from "./temple-site-booking.server";

/** How old the seats a devotee sees may be. */
export const SEATS_SECONDS = 2;

export interface TempleSide {
  site: TempleSite;
  stars: { id: number; name: string }[];
  releases: TempleReleases;
}

const templeSides = new Memo<TempleSide | null>({ max: 100 });

/** The temple's side of its site, read once for every request (a request that finds it being read waits for that read). */
export async function templeSide(state: RequestState, slug: string, now = Date.now()): Promise<TempleSide | null> {
  const today = todayInIndia();
  const version = await contentVersion(state.env.bindings.DB);
  const key = [currentLocale(), slug, today, version, isolateWrites()].join("\n");
  // SEATS_SECONDS: a content change is a new version, a write through this isolate a new key; only others' seats may lag.
  return templeSides.get({ key, ttlMs: SEATS_SECONDS * 1000 }, () =>
    Promise.all([loadTempleSite(state.db, slug, today), listStars(state.db), templeReleaseNotices(state.db, slug, now)]).then(
      ([site, stars, notices]) => (site ? { site, stars, releases: { notices, now } } : null),
    ),
  );
}
