import { href as routeHref } from "react-router";
import { templeSiteHref } from "~/domain/catalog/temple-site";
import { m } from "~/paraglide/messages";
import { templeWebsiteUrl } from "~/domain/catalog/temples";
import { TEMPLE_DESCRIPTION_LIMIT, TEMPLE_NAME_LIMIT, truncate } from "~/domain/text";
import { Card } from "../layout/card";
import { VerifiedBadge } from "./verified-badge";

export interface TempleCardProps {
  name: string;
  /** With a slug, an online-booking temple's card opens its site on the portal. */
  slug?: string;
  imageUrl: string;
  description?: string;
  place: string;
  website: string;
  onlineBooking: boolean;
  /** Verified (documents checked, listing confirmed): only then does the temple take payments. */
  verified?: boolean;
  isAssisted: boolean;
  eager?: boolean;
  /** The first card of a list: its image is the page's largest above the fold (LCP). */
  priority?: boolean;
  /** The priests directory opens the temple's own website first (spec §2), else its page here. */
  preferWebsite?: boolean;
  children?: React.ReactNode;
}

/**
 * A temple as a card: name cut at 40 characters, description at 160, the online-booking
 * badge and the assisted-temple highlight. It opens the temple's site on the portal when it
 * takes online bookings, else the temple's own website.
 */
export function TempleCard(props: TempleCardProps) {
  const href = props.preferWebsite
    ? (templeWebsiteUrl(props.website) ?? (props.slug ? routeHref("/:lang?/t/:slug", { slug: props.slug }) : null))
    : templeSiteHref(props);
  const bookable = props.onlineBooking && props.verified !== false;
  return (
    <Card
      title={props.name}
      titleLimit={TEMPLE_NAME_LIMIT}
      href={href}
      external={!href?.startsWith("/")}
      imageUrl={props.imageUrl}
      eager={props.eager}
      priority={props.priority}
      context={props.place}
      className={props.isAssisted ? "temple-card temple-card--assisted" : "temple-card"}
      badges={
        bookable || props.isAssisted || props.verified ? (
          <>
            {props.verified ? <VerifiedBadge slug={props.slug} name={props.name} /> : null}
            {bookable ? <span className="badge badge--booking">{m.temples_online_booking()}</span> : null}
            {props.isAssisted ? <span className="badge badge--assisted">{m.temples_assisted()}</span> : null}
          </>
        ) : null
      }
    >
      {props.description ? <p className="card__text">{truncate(props.description, TEMPLE_DESCRIPTION_LIMIT)}</p> : null}
      {props.children}
    </Card>
  );
}
