/**
 * The devotee parts pages declare, by name. A route whose page shows more of the devotee than
 * the header names its part in its loader's headers (`sharedPageHeaders(request, seconds, part)`)
 * and marks the element that holds it (`DEVOTEE_PART_ATTRIBUTE`); this table says who draws
 * it. A name not here draws nothing, and the page is rendered in full.
 */
import { TEMPLE_SITE_PART } from "~/components/booking/temple-site-booking";
import type { DevoteeCard } from "~/domain/bookings/cart/devotee-details.server";
import type { RequestState } from "~/lib/context.server";
import type { PersonalHeader } from "~/web/personal-header.server";
import type { DevoteePart } from "./page.server";
import { drawTempleSitePart } from "./temple-site-part.server";

/** What a part is drawn for: the request, the devotee's header, and their card (null: the part reads what it needs). */
export interface PartRequest {
  state: RequestState;
  request: Request;
  personal: PersonalHeader;
  card: Promise<{ customerId: number; card: DevoteeCard } | null>;
}

export type PartDrawer = (asked: PartRequest) => Promise<DevoteePart | null>;

export const devoteeParts = new Map<string, PartDrawer>([[TEMPLE_SITE_PART, drawTempleSitePart]]);
