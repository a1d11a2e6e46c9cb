/**
 * A temple site's devotee part (app/components/booking/temple-site-booking.tsx: the favourite button,
 * the cart, the pujas with their seats, the booking forms) drawn for the devotee signed in, to
 * be put into the cached public copy of the page (page.server.ts).
 *
 * - The temple's side (the site with the seats each day has left, the stars list) is the same
 *   for every devotee: the page's loader reads it the same way (app/web/temple-side.server.ts,
 *   read once for everyone and kept for SEATS_SECONDS).
 * - The devotee's side (addresses, profile address, favourites) is their card: read in the D1
 *   batch that reads their session's customer and cart count for the header, or opened from
 *   their view cookie (view-cookie.server.ts) for DEVOTEE_VIEW_SECONDS.
 * - The part is drawn by the page's own component from the view the page's loader builds
 *   (app/web/temple-site-booking.server.ts), so it is what a full render would show.
 * - A devotee's turn from a waiting room is never drawn here: a request with their pass
 *   (sn_pass) is not composed (composableForDevotee) but rendered in full by the page's loader.
 */
import { renderToString } from "react-dom/server";
import { createStaticHandler, createStaticRouter, StaticRouterProvider, useLoaderData } from "react-router";
import { TEMPLE_SITE_PART, TempleSiteBooking } from "~/components/booking/temple-site-booking";
import {
  type DevoteeBookingDetails,
  type DevoteeCard,
  detailsAtTemple,
  devoteeBookingDetailsFrom,
  devoteeBookingStatements,
} from "~/domain/bookings/cart/devotee-details.server";
import type { RequestState } from "~/lib/context.server";
import { stripLocale } from "~/lib/i18n";
import { Memo } from "~/lib/memo.server";
import type { PersonalHeader } from "~/web/personal-header.server";
import { type TempleBookingView, templeBookingView } from "~/web/temple-site-booking.server";
import { SEATS_SECONDS, type TempleSide, templeSide } from "~/web/temple-side.server";
import { DEVOTEE_PART_ATTRIBUTE } from "./data-blocks";
import type { DevoteePart } from "./page.server";
import type { PartRequest } from "./parts.server";

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

/**
 * Parts drawn lately, by address, the temple's side they were drawn from, and what they show
 * of the devotee (never by who the devotee is): a devotee asking again costs no render.
 */
const drawnParts = new Memo<string>({ max: 100 });
const sideIds = new WeakMap<TempleSide, number>();
let nextSideId = 0;

function drawnPart(request: Request, personal: PersonalHeader, temple: TempleSide, view: TempleBookingView): Promise<string> {
  if (!sideIds.has(temple)) sideIds.set(temple, nextSideId++);
  const shown = [
    view.devoteeName,
    view.addresses,
    view.profileAddress,
    view.isFavourite,
    view.savedPan,
    view.savedPeople,
    view.turn,
    personal.cartCount,
  ];
  const key = `${request.url}\n${sideIds.get(temple)}\n${JSON.stringify(shown)}`;
  // SEATS_SECONDS: drawing is pure, and a new read of the temple's side (every SEATS_SECONDS at most) is a new key.
  return drawnParts.get({ key, ttlMs: SEATS_SECONDS * 1000 }, () => draw(request, personal, view));
}

const siteJson = new WeakMap<TempleSide, string>();

/** The view as JSON; its temple's side, the bulk of it, written once for every devotee. */
function viewJson(temple: TempleSide, { site, ...devotee }: TempleBookingView): string {
  let json = siteJson.get(temple);
  if (json === undefined) siteJson.set(temple, (json = JSON.stringify(site)));
  return `{"site":${json},${JSON.stringify(devotee).slice(1)}`;
}

/** The temple's slug on a temple site's address (`/t/:slug`, in any language), or null. */
function templeSlug(url: URL): string | null {
  const match = /^\/t\/([^/]+)$/.exec(stripLocale(url.pathname));
  try {
    return match ? decodeURIComponent(match[1]!) : null;
  } catch {
    return null;
  }
}

/** The devotee's side of the part, as read for the customer of the session's record. */
interface TempleSiteDevotee {
  customerId: number;
  /** Their addresses, profile, PAN and whether this temple is a favourite. */
  detailsAt(templeId: number): DevoteeBookingDetails;
}

/** The devotee's side from their card (read with the session, or opened from the view cookie). */
function templeSiteDevotee(customerId: number, card: DevoteeCard): TempleSiteDevotee {
  return { customerId, detailsAt: (templeId) => detailsAtTemple(card, templeId) };
}

/**
 * Reads the devotee's side of the part on `request` for one temple (a devotee whose card is
 * too big for it: more favourites than a card carries). Asked before the session is read, its
 * statements go into the D1 batch that reads the session's customer.
 */
function readTempleSiteDevotee(state: RequestState, request: Request): Promise<TempleSiteDevotee | null> {
  const slug = templeSlug(new URL(request.url));
  if (!slug) return Promise.resolve(null);
  let customerId = 0;
  return state
    .alongsideSession((db, id) => {
      customerId = id;
      return [...devoteeBookingStatements(db, id, slug)];
    })
    .then((rows) => {
      if (!rows) return null;
      const details = devoteeBookingDetailsFrom(rows);
      return { customerId, detailsAt: () => details };
    });
}

/**
 * The temple site's devotee part for the devotee signed in on `request` (their card read with
 * their session, or their side read here for this temple), or null: an unknown temple, the
 * page is rendered in full.
 */
export async function drawTempleSitePart({ state, request, personal, card }: PartRequest): Promise<DevoteePart | null> {
  const url = new URL(request.url);
  const slug = templeSlug(url);
  if (!slug || !personal.customer) return null;
  const devotee = card.then((read) => (read ? templeSiteDevotee(read.customerId, read.card) : readTempleSiteDevotee(state, request)));
  const [temple, mine] = await Promise.all([templeSide(state, slug), devotee]);
  // The rows are the session's customer's, who is the devotee the header was read for.
  if (!temple || mine?.customerId !== personal.customer.id) return null;
  const view = templeBookingView(
    temple.site,
    url,
    { firstName: personal.customer.firstName, stars: temple.stars, details: mine.detailsAt(temple.site.temple.id) },
    temple.releases,
  );
  return { html: await drawnPart(request, personal, temple, view), view: viewJson(temple, view) };
}
