import { Form, Link } from "~/components/layout/localized";
import { m } from "~/paraglide/messages";
import type { TempleSite } from "~/domain/catalog/temple-site.server";
import { templeWebsiteUrl } from "~/domain/catalog/temples";
import { longDate, MESSAGE_BODY_LIMIT } from "~/domain/text";
import { MoreLess } from "~/components/layout/more-less";
import { href } from "react-router";
import { useIsSubmitting } from "../forms/form-fields";
import { VerifiedBadge } from "~/components/search/verified-badge";
import { takesPayments } from "~/domain/trust/takes-payments";

/** A heart (the favourite button's icon). */
const HEART =
  "M12 21s-7.5-4.6-9.5-9.3C1.2 8.4 3.3 5 6.7 5c2 0 3.4 1.1 4.3 2.4C11.9 6.1 13.3 5 15.3 5c3.4 0 5.5 3.4 4.2 6.7" +
  "C19.5 16.4 12 21 12 21z";

interface HeroProps {
  site: TempleSite;
  signedIn: boolean;
  /** The signed-in devotee keeps the temple among their favourites. */
  isFavourite: boolean;
  returnTo: string;
}

/** The temple: image, deities, address, description, its website and the favourite button. */
export function BookingTempleHero({ site, signedIn, isFavourite, returnTo }: HeroProps) {
  const { temple } = site;
  const website = templeWebsiteUrl(temple.website);
  return (
    <header className="temple-hero">
      <img src={temple.imageUrl} alt={`${temple.displayName}`} width={400} height={300} />
      <div className="temple-hero__text">
        <h1 id="temple-title">{temple.displayName}</h1>
        {site.deities.length > 0 ? <p className="temple-hero__deities">{site.deities.join(" · ")}</p> : null}
        <address>
          {[temple.streetName, temple.district, temple.state].filter(Boolean).join(", ")}
          {temple.phone ? (
            <>
              <br />
              {m.bookings_phone()} <a href={`tel:${temple.phone.replace(/\s/g, "")}`}>{temple.phone}</a>
            </>
          ) : null}
        </address>
        <p>{temple.description}</p>
        <div className="temple-hero__actions">
          {signedIn ? <FavouriteButton templeId={temple.id} isFavourite={isFavourite} returnTo={returnTo} /> : null}
          {website ? (
            <a className="button button--small" href={website} rel="noopener">
              {m.bookings_temple_website()}
            </a>
          ) : null}
          {takesPayments(temple) ? <span className="badge badge--booking">{m.bookings_online_booking_available()}</span> : null}
          {temple.verified ? <VerifiedBadge slug={temple.slug} /> : null}
          {temple.verified ? (
            <Link className="button button--small" to={href("/:lang?/t/:slug/donations", { slug: temple.slug })}>
              {m.trust_donations_received()}
            </Link>
          ) : null}
        </div>
      </div>
    </header>
  );
}

function FavouriteButton({ templeId, isFavourite, returnTo }: { templeId: number; isFavourite: boolean; returnTo: string }) {
  const busy = useIsSubmitting("/favourites");
  return (
    <Form method="post" action="/favourites" className="favourite-toggle">
      <input type="hidden" name="templeId" value={templeId} />
      <input type="hidden" name="redirectTo" value={returnTo} />
      <button
        type="submit"
        name="intent"
        value={isFavourite ? "remove" : "add"}
        className="button button--small"
        aria-pressed={isFavourite}
        disabled={busy}
        aria-busy={busy || undefined}
      >
        <svg aria-hidden="true" width="18" height="18" viewBox="0 0 24 24">
          <path d={HEART} fill={isFavourite ? "currentColor" : "none"} stroke="currentColor" strokeWidth="2" />
        </svg>
        {isFavourite ? m.bookings_in_favourites() : m.bookings_add_to_favourites()}
      </button>
    </Form>
  );
}

/** The temple's upcoming events; a long text is cut at 790 characters with More/Less, as on /events. */
export function BookingTempleEvents({ events, slug, openEvent }: { events: TempleSite["events"]; slug: string; openEvent: number | null }) {
  if (events.length === 0) return null;
  const site = href("/:lang?/t/:slug", { slug });
  return (
    <section aria-labelledby="temple-events-title" className="temple-site__section">
      <h2 id="temple-events-title">{m.bookings_upcoming_events()}</h2>
      <ul className="temple-events">
        {events.map((event) => (
          <li key={event.id} id={`event-${event.id}`}>
            <h3>{event.header}</h3>
            <p className="temple-events__dates">
              {longDate(event.startDate)}
              {event.endDate.slice(0, 10) !== event.startDate.slice(0, 10) ? ` – ${longDate(event.endDate)}` : ""}
            </p>
            <MoreLess
              text={event.body}
              limit={MESSAGE_BODY_LIMIT}
              expanded={openEvent === event.id}
              moreHref={`${site}?more=${event.id}#event-${event.id}`}
              lessHref={`${site}#event-${event.id}`}
              subject={event.header}
            />
          </li>
        ))}
      </ul>
      <p>
        <Link to="/events">{m.bookings_all_events()}</Link>
      </p>
    </section>
  );
}
