import { data, href, useLocation } from "react-router";
import { m } from "~/paraglide/messages";
import { Link } from "~/components/localized";
import { BookingDonationForm } from "./booking-donation-form";
import { BookingPujaForm } from "./booking-puja-form";
import { BookingPujaList } from "~/components/booking-puja-list";
import { BookingTempleEvents, BookingTempleHero } from "./booking-temple-hero";
import { CartSummaryBar } from "~/components/cart-summary-bar";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { listStars } from "~/domain/accounts/customers.server";
import { hasProfileAddress, listAddresses } from "~/domain/bookings/addresses.server";
import { loadTempleSite } from "~/domain/catalog/temple-site.server";
import { cacheControlHeaders, publicCacheHeaders } from "~/lib/edge-cache/page-headers.server";
import { todayInIndia } from "~/lib/india-time";
import { getCurrentSession, requireCustomer } from "~/web/auth.server";
import { dbFrom } from "~/lib/db.server";
import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/route";
import { handleDonation, handlePujaBooking } from "./temple-site.server";
import { readForm } from "~/lib/form-data.server";
import { replyFor } from "~/web/form-reply";
import { notFound } from "~/lib/not-found.server";
import { presentedPass } from "~/web/release-pass.server";
import { templeReleaseNotices } from "~/domain/bookings/releases.server";
import { ReleaseNotices } from "~/components/release-notices";
import { appEnv } from "~/lib/context.server";
import { maskedDonorPan } from "~/domain/trust/donor-pan.server";

/** How long the edge keeps a visitor's view of a temple site. */
const TEMPLE_SITE_SECONDS = 60;

export async function loader({ params, context, request }: Route.LoaderArgs) {
  const db = dbFrom(context);
  const session = await getCurrentSession(context);
  const customerId = session?.customer.id ?? null;
  // The site and a devotee's booking details side by side (the cart count is the root loader's).
  const [site, booking, releases] = await Promise.all([
    loadTempleSite(db, params.slug, todayInIndia(), customerId),
    customerId
      ? Promise.all([listStars(db), listAddresses(db, customerId), hasProfileAddress(db, customerId), maskedDonorPan(db, customerId)])
      : null,
    templeReleaseNotices(db, params.slug),
  ]);
  if (!site) throw notFound();
  const url = new URL(request.url);
  const chosen = Number(url.searchParams.get("puja"));
  return data(
    {
      site,
      // For the link preview when the temple's page is shared (WhatsApp and the like).
      share: { image: new URL(site.temple.imageUrl, url.origin).href, url: `${url.origin}${url.pathname}` },
      signedIn: customerId !== null,
      devoteeName: session ? session.customer.firstName : "",
      stars: booking?.[0] ?? [],
      addresses: booking?.[1] ?? [],
      profileAddress: booking?.[2] ?? false,
      savedPan: booking?.[3] ?? null,
      chosenPuja: site.pujas.some((p) => p.id === chosen) ? chosen : null,
      // An event opened in full without JavaScript (its More link), as on /events.
      openEvent: Number(url.searchParams.get("more")) || null,
      // When dates open, and the waiting room of an opening under way.
      releases: { notices: releases, now: Date.now() },
    },
    // A visitor's view is the same for everyone: kept at the edge (per address, so per
    // language and chosen puja) for a minute, as it shows which days can be booked from today;
    // a desk or console change shows at once (the content version). A signed-in view, with
    // the devotee's name, addresses and cart, is never shared.
    { headers: publicCacheHeaders(request, TEMPLE_SITE_SECONDS) },
  );
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const session = await requireCustomer(context, request);
  const formData = await readForm(request);
  const pass = presentedPass(request, appEnv(context).config.SESSION_SECRET);
  const args = { context, formData, session, returnTo: href("/:lang?/t/:slug", { slug: params.slug }), pass };
  switch (formData.get("form")) {
    case "puja":
      return handlePujaBooking(args);
    case "donation":
      return handleDonation(args);
    default:
      throw data(m.bookings_unknown_form(), { status: 400 });
  }
}

export const meta: Route.MetaFunction = ({ loaderData }) =>
  loaderData
    ? pageMeta(loaderData.site.temple.displayName, loaderData.site.temple.metaDescription || undefined, loaderData.share)
    : pageMeta(m.bookings_temple_not_found());

export const headers = cacheControlHeaders;

export default function TempleSite({ loaderData, actionData }: Route.ComponentProps) {
  const { site, signedIn } = loaderData;
  const { temple } = site;
  const location = useLocation();
  const here = `${location.pathname}${location.search}`;
  return (
    <article className="page temple-site" aria-labelledby="temple-title">
      <BookingTempleHero site={site} signedIn={signedIn} returnTo={here} />
      <CartSummaryBar />
      <ReleaseNotices notices={loaderData.releases.notices} pujas={site.pujas} slug={temple.slug} now={loaderData.releases.now} />
      {temple.onlineBooking && temple.verified ? (
        <>
          <section aria-labelledby="pujas-title" className="temple-site__section">
            <h2 id="pujas-title">{m.bookings_pujas_and_offerings()}</h2>
            <BookingPujaList pujas={site.pujas} slug={temple.slug} signedIn={signedIn} />
          </section>
          {!signedIn ? (
            <p className="booking-signin">
              <Link className="button button--primary" to={`/login?${new URLSearchParams({ redirectTo: here })}`}>
                {m.bookings_sign_in_to_book()}
              </Link>
            </p>
          ) : null}
          {signedIn && site.pujas.length > 0 ? (
            <BookingPujaForm
              key={`puja-${location.key}`}
              pujas={site.pujas}
              stars={loaderData.stars}
              addresses={loaderData.addresses}
              profileAddress={loaderData.profileAddress}
              devoteeName={loaderData.devoteeName}
              chosenPuja={loaderData.chosenPuja}
              lastResult={replyFor(actionData, "puja")}
            />
          ) : null}
          {signedIn && site.donationPurposes.length > 0 ? (
            <BookingDonationForm
              key={`donation-${location.key}`}
              purposes={site.donationPurposes}
              stars={loaderData.stars}
              has80g={Boolean(temple.registration80g)}
              savedPan={loaderData.savedPan}
              lastResult={replyFor(actionData, "donation")}
            />
          ) : null}
        </>
      ) : (
        // Only verified temples take payments: an unverified one shows its page without Pay or Book.
        <p className="notice">{temple.onlineBooking ? m.trust_bookings_open_once_confirmed() : m.bookings_no_online_booking()}</p>
      )}
      <BookingTempleEvents events={site.events} slug={site.temple.slug} openEvent={loaderData.openEvent} />
    </article>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
