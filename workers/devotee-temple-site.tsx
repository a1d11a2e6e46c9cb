/**
 * A temple site's devotee part (app/components/temple-site-booking.tsx: the favourite button,
 * the cart, the pujas with their seats, the booking forms) drawn for the devotee signed in, for
 * the edge cache to put into the cached public copy of the page.
 *
 * - The temple's side (the site with the seats each day has left, the stars list) is the same
 *   for every devotee: read once for all of them and kept for SEATS_SECONDS, under the content
 *   version and the writes this isolate has seen. Seats change with every checkout: a visitor's
 *   copy may be a minute old, a devotee's view never more than these few seconds, and a write
 *   made through this isolate (a checkout, a payment) is read again at once.
 * - The devotee's side (addresses, profile address, favourite) is read on every request, in
 *   one D1 batch beside it.
 * - The part is drawn by the page's own component from the view the page's loader builds
 *   (app/web/temple-site-booking.server.ts), so it is what a full render would show.
 */
import { renderToString } from "react-dom/server";
import { createStaticHandler, createStaticRouter, matchPath, StaticRouterProvider, useLoaderData } from "react-router";
import { TEMPLE_SITE_PART, TempleSiteBooking } from "~/components/temple-site-booking";
import { listStars } from "~/domain/accounts/customers.server";
import { devoteeBookingDetails } from "~/domain/bookings/devotee-details.server";
import { loadTempleSite, type TempleSite } from "~/domain/catalog/temple-site.server";
import type { RequestState } from "~/lib/context.server";
import type { DevoteePart } from "~/lib/edge-cache/devotee-pages.server";
import { DEVOTEE_PART_ATTRIBUTE, type PersonalHeader } from "~/lib/edge-cache/personal-header";
import { contentVersion, isolateWrites } from "~/lib/edge-cache/versions.server";
import { currentLocale, stripLocale } from "~/lib/i18n";
import { todayInIndia } from "~/lib/india-time";
import { type TempleBookingView, templeBookingView } from "~/web/temple-site-booking.server";

/** How old the seats a devotee sees may be. */
export const SEATS_SECONDS = 2;
const TEMPLES_KEPT = 100;

interface TempleSide {
  site: TempleSite;
  stars: { id: number; name: string }[];
}

const templeSides = new Map<string, { until: number; side: Promise<TempleSide | null> }>();

/** The temple's side of the part, read once for every devotee (a request that finds it being read waits for that read). */
async function templeSide(state: RequestState, slug: string, now = Date.now()): Promise<TempleSide | null> {
  const today = todayInIndia();
  const version = await contentVersion(state.env.bindings.DB);
  const key = [currentLocale(), slug, today, version, isolateWrites()].join("\n");
  const kept = templeSides.get(key);
  if (kept && kept.until > now) return kept.side;
  const side = Promise.all([loadTempleSite(state.db, slug, today), listStars(state.db)]).then(([site, stars]) =>
    site ? { site, stars } : null,
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

function DrawnPart() {
  return <TempleSiteBooking view={useLoaderData<{ view: TempleBookingView }>().view} />;
}

/** The part for this view, drawn by a static router on the page's address (links and forms resolve as on the page). */
async function draw(request: Request, personal: PersonalHeader, view: TempleBookingView): Promise<string> {
  // The root route's data is what the header reads (the cart bar in the part reads it too).
  const handler = createStaticHandler([{ id: "root", path: "*", loader: () => ({ ...personal, view }), Component: DrawnPart }]);
  const context = await handler.query(new Request(request.url));
  if (context instanceof Response) throw new Error("The temple site's part answered with a response");
  const router = createStaticRouter(handler.dataRoutes, context);
  const html = renderToString(<StaticRouterProvider router={router} context={context} hydrate={false} />);
  // React puts what a page's head would carry (the temple image's preload) in front of the
  // part: the page's head has it already, so the part starts at its own element.
  const start = html.indexOf(`<div ${DEVOTEE_PART_ATTRIBUTE}="${TEMPLE_SITE_PART}"`);
  if (start < 0) throw new Error("The temple site's part was not drawn");
  return html.slice(start);
}

/** The temple site's devotee part for the devotee signed in on `request`, or null (an unknown temple: rendered in full). */
export async function drawTempleSitePart(state: RequestState, request: Request, personal: PersonalHeader): Promise<DevoteePart | null> {
  const url = new URL(request.url);
  const slug = matchPath("/t/:slug", stripLocale(url.pathname))?.params.slug;
  if (!slug || !personal.customer) return null;
  const [temple, details] = await Promise.all([templeSide(state, slug), devoteeBookingDetails(state.db, personal.customer.id, slug)]);
  if (!temple) return null;
  const view = templeBookingView(temple.site, url, { firstName: personal.customer.firstName, stars: temple.stars, details });
  return { html: await draw(request, personal, view), view };
}
