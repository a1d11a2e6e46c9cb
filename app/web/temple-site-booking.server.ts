/**
 * What a temple site's booking part shows: the temple, its pujas with what their days have
 * left, and for a signed-in devotee the booking forms with their name, addresses and
 * favourite. Built one way for the page's loader and for the Worker, which composes a
 * signed-in devotee's page from the cached public copy (app/compose/temple-site-part.server.tsx), so
 * a composed page and a full render cannot show different things.
 */
import type { Database } from "~/db/client.server";
import { listStars } from "~/domain/accounts/customers.server";
import type { SavedAddress } from "~/domain/bookings/cart/addresses.server";
import type { SavedPerson } from "~/domain/accounts/family.server";
import { type DevoteeBookingDetails, devoteeBookingDetails } from "~/domain/bookings/cart/devotee-details.server";
import type { TempleSite } from "~/domain/catalog/temple-site.server";
import type { ReleaseNotice } from "~/domain/bookings/seats/releases";
import type { PresentedPass } from "~/domain/bookings/seats/release-pass.server";
import { type PassTurn, passTurn } from "~/domain/bookings/seats/release-turns.server";

/**
 * Where a puja put in the cart brings the devotee back to: the temple site at its booking form
 * (`#book-puja`), which then says it was added; without JavaScript a phone lands right there.
 */
const ADDED_PARAM = "added";
const ADDED_PUJA = "puja";
export const BOOKING_FORM_ANCHOR = "book-puja";

export function addedToCartAddress(templeSite: string): string {
  return `${templeSite}?${ADDED_PARAM}=${ADDED_PUJA}#${BOOKING_FORM_ANCHOR}`;
}

export interface TempleBookingView {
  site: TempleSite;
  signedIn: boolean;
  isFavourite: boolean;
  /** Pre-filled as the first devotee's name. */
  devoteeName: string;
  stars: { id: number; name: string }[];
  addresses: SavedAddress[];
  profileAddress: boolean;
  /** The donor's saved PAN as the donation form may show it (masked), or null. */
  savedPan: string | null;
  /** The people saved in the devotee's account, offered as devotees (name, star, gotra). */
  savedPeople: SavedPerson[];
  /** The puja a `?puja=` address chose, when the temple offers it. */
  chosenPuja: number | null;
  /** The booking form just put a puja in the devotee's cart (the address it comes back to says so). */
  addedToCart: boolean;
  /** When the temple's dates open, and the waiting room of an opening under way, as of `now`. */
  releases: TempleReleases;
  /** The devotee's turn from a waiting room (their pass in this session), or null. */
  turn: PassTurn | null;
}

export interface TempleReleases {
  notices: ReleaseNotice[];
  now: number;
}

/** A signed-in devotee as the booking forms show them. */
export interface BookingDevotee {
  firstName: string;
  stars: { id: number; name: string }[];
  details: DevoteeBookingDetails;
  /** Their turn from a waiting room (read from their pass; none when they hold none). */
  turn?: PassTurn | null;
}

export function templeBookingView(site: TempleSite, url: URL, devotee: BookingDevotee | null, releases: TempleReleases): TempleBookingView {
  const chosen = Number(url.searchParams.get("puja"));
  return {
    site,
    signedIn: devotee !== null,
    isFavourite: devotee?.details.isFavourite ?? false,
    devoteeName: devotee?.firstName ?? "",
    stars: devotee?.stars ?? [],
    addresses: devotee?.details.addresses ?? [],
    profileAddress: devotee?.details.profileAddress ?? false,
    savedPan: devotee?.details.savedPan ?? null,
    savedPeople: devotee?.details.savedPeople ?? [],
    chosenPuja: site.pujas.some((p) => p.id === chosen) ? chosen : null,
    addedToCart: devotee !== null && url.searchParams.get(ADDED_PARAM) === ADDED_PUJA,
    releases,
    turn: devotee?.turn ?? null,
  };
}

/** The devotee's side of the booking part (stars, addresses, favourite), read beside the temple's own data. */
export async function readBookingDevotee(
  db: Database,
  customer: { id: number; firstName: string },
  templeSlug: string,
  pass?: PresentedPass,
): Promise<BookingDevotee> {
  const [stars, details, turn] = await Promise.all([
    listStars(db),
    devoteeBookingDetails(db, customer.id, templeSlug),
    pass?.token ? passTurn(db, pass, customer.id) : null,
  ]);
  return { firstName: customer.firstName, stars, details, turn };
}
