/**
 * The part of a temple site that differs for a signed-in devotee: the temple with their
 * favourite button, their cart, the pujas with what their days have left, and the booking
 * forms (a visitor sees "Sign in to book"). The page draws it, and so does the Worker when it
 * composes a devotee's page from the cached public copy: it replaces this element, named by
 * its `data-devotee-part`, with the part drawn for the devotee (app/compose/temple-site-part.server.tsx).
 */
import type { SubmissionResult } from "@conform-to/react";
import { useLocation } from "react-router";
import { m } from "~/paraglide/messages";
import { DEVOTEE_PART_ATTRIBUTE } from "~/compose/data-blocks";
import type { TempleBookingView } from "~/web/temple-site-booking.server";
import { BookingDonationForm } from "./booking-donation-form";
import { BookingPujaForm } from "./booking-puja-form";
import { BookingPujaList } from "./booking-puja-list";
import { BookingTempleHero } from "./booking-temple-hero";
import { CartSummaryBar } from "./cart-summary-bar";
import { Link } from "../layout/localized";
import { ReleaseNotices } from "./release-notices";
import { takesPayments } from "~/domain/trust/takes-payments";

/** The part's name: the page's stored copy names it (`sharedPageHeaders`), the Worker draws it. */
export const TEMPLE_SITE_PART = "temple-site";

interface Props {
  view: TempleBookingView;
  /** A form's answer to a post made without JavaScript (only a full render has one). */
  pujaResult?: SubmissionResult<string[]>;
  donationResult?: SubmissionResult<string[]>;
}

export function TempleSiteBooking({ view, pujaResult, donationResult }: Props) {
  const { site, signedIn } = view;
  const { temple } = site;
  const location = useLocation();
  const here = `${location.pathname}${location.search}`;
  return (
    <div {...{ [DEVOTEE_PART_ATTRIBUTE]: TEMPLE_SITE_PART }}>
      <BookingTempleHero site={site} signedIn={signedIn} isFavourite={view.isFavourite} returnTo={here} />
      <CartSummaryBar />
      <ReleaseNotices notices={view.releases.notices} pujas={site.pujas} slug={temple.slug} now={view.releases.now} turn={view.turn} />
      {takesPayments(temple) ? (
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
              savedPeople={view.savedPeople}
              key={`puja-${location.key}`}
              pujas={site.pujas}
              stars={view.stars}
              addresses={view.addresses}
              profileAddress={view.profileAddress}
              devoteeName={view.devoteeName}
              chosenPuja={view.chosenPuja}
              addedToCart={view.addedToCart}
              lastResult={pujaResult}
            />
          ) : null}
          {signedIn && site.donationPurposes.length > 0 ? (
            <BookingDonationForm
              key={`donation-${location.key}`}
              purposes={site.donationPurposes}
              stars={view.stars}
              has80g={Boolean(temple.registration80g)}
              savedPan={view.savedPan}
              addresses={view.addresses}
              profileAddress={view.profileAddress}
              lastResult={donationResult}
            />
          ) : null}
        </>
      ) : (
        // Only verified temples take payments: an unverified one shows its page without Pay or Book.
        <p className="notice">{temple.onlineBooking ? m.trust_bookings_open_once_confirmed() : m.bookings_no_online_booking()}</p>
      )}
    </div>
  );
}
