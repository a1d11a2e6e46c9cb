import { data, href } from "react-router";
import { m } from "~/paraglide/messages";
import { BookingTempleEvents } from "~/components/booking/booking-temple-hero";
import { GeneralErrorBoundary } from "~/components/layout/error-boundary";
import { TEMPLE_SITE_PART, TempleSiteBooking } from "~/components/booking/temple-site-booking";
import { useComposedView } from "~/compose/hooks";
import { cacheControlHeaders, sharedPageHeaders } from "~/lib/edge-cache/page-headers.server";
import { getCurrentSession, requireCustomer } from "~/web/auth.server";
import { readBookingDevotee, templeBookingView } from "~/web/temple-site-booking.server";
import { dbFrom } from "~/lib/db.server";
import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/route";
import { handleDonation, handlePujaBooking, startPujaBooking } from "./temple-site.server";
import { parseSubmission, readForm } from "~/lib/form-data.server";
import { choosesSavedPerson, withSavedPeople } from "~/web/saved-people.server";
import { pujaBookingSchema } from "~/domain/bookings/cart/inputs";
import { replyFor } from "~/web/form-reply";
import { notFound } from "~/lib/not-found.server";
import { presentedPass } from "~/web/release-pass.server";
import { appEnv, requestStateContext } from "~/lib/context.server";
import { templeSide } from "~/web/temple-side.server";

/** How long the edge keeps a visitor's view of a temple site. */
const TEMPLE_SITE_SECONDS = 60;

export async function loader({ params, context, request }: Route.LoaderArgs) {
  const db = dbFrom(context);
  const session = await getCurrentSession(context);
  // The temple's side (the same read a composed devotee part makes: once for everyone, at most
  // SEATS_SECONDS old) and a devotee's booking details side by side (the cart count is the root loader's).
  const [temple, devotee] = await Promise.all([
    templeSide(context.get(requestStateContext), params.slug),
    // Their pass, if they hold one, says whether it is their turn (a request with it is never composed from the shared copy).
    session
      ? readBookingDevotee(
          db,
          session.customer,
          params.slug,
          presentedPass(request, appEnv(context).config.SESSION_SECRET, session.sessionId),
        )
      : null,
  ]);
  if (!temple) throw notFound();
  const { site, releases } = temple;
  const url = new URL(request.url);
  return data(
    {
      ...templeBookingView(site, url, devotee, releases),
      // For the link preview when the temple's page is shared (WhatsApp and the like).
      share: { image: new URL(site.temple.imageUrl, url.origin).href, url: `${url.origin}${url.pathname}` },
      // An event opened in full without JavaScript (its More link), as on /events.
      openEvent: Number(url.searchParams.get("more")) || null,
    },
    // A visitor's view is the same for everyone: kept at the edge (per address, so per
    // language and chosen puja) for a minute, as it shows which days can be booked from today;
    // a desk or console change shows at once (the content version). A signed-in devotee gets
    // that copy with their own part drawn in (TEMPLE_SITE_PART: their forms, name, addresses
    // and the seats as they are now); a full render of their view is never shared.
    { headers: sharedPageHeaders(request, TEMPLE_SITE_SECONDS, TEMPLE_SITE_PART) },
  );
}

export async function action({ request, context, params }: Route.ActionArgs) {
  let formData = await readForm(request);
  // A puja booking is read first: its reads go into the D1 batch that reads the session (unless
  // a saved person was chosen without JavaScript: the form is read once their details are in).
  const saved = choosesSavedPerson(formData);
  let booking = formData.get("form") === "puja" && !saved ? startPujaBooking(context, formData) : null;
  const session = await requireCustomer(context, request);
  if (saved) {
    formData = await withSavedPeople(dbFrom(context), session.customer.id, formData);
    if (formData.get("form") === "puja") booking = { submission: parseSubmission(formData, pujaBookingSchema) };
  }
  const pass = presentedPass(request, appEnv(context).config.SESSION_SECRET, session.sessionId);
  const args = { context, formData, session, returnTo: href("/:lang?/t/:slug", { slug: params.slug }), pass };
  if (booking) return handlePujaBooking(args, booking);
  if (formData.get("form") === "donation") return handleDonation(args);
  throw data(m.bookings_unknown_form(), { status: 400 });
}

export const meta: Route.MetaFunction = ({ loaderData }) =>
  loaderData
    ? pageMeta(loaderData.site.temple.displayName, loaderData.site.temple.metaDescription || undefined, loaderData.share)
    : pageMeta(m.bookings_temple_not_found());

export const headers = cacheControlHeaders;

export default function TempleSite({ loaderData, actionData }: Route.ComponentProps) {
  // A page composed for a devotee hydrates with the view its part was drawn with.
  const view = useComposedView(loaderData);
  return (
    <article className="page temple-site" aria-labelledby="temple-title">
      <TempleSiteBooking view={view} pujaResult={replyFor(actionData, "puja")} donationResult={replyFor(actionData, "donation")} />
      <BookingTempleEvents events={loaderData.site.events} slug={loaderData.site.temple.slug} openEvent={loaderData.openEvent} />
    </article>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
