/**
 * A puja request's life: a devotee asks for a puja a temple takes "on request" (2, requested);
 * the temple accepts it, possibly for another date (1, accepted), or declines it (3,
 * rejected); a payment books it (4, booked). The devotee's lists (My Transactions), the
 * desk's list and its decisions read requests the one way below.
 */
import { asc, eq, type SQL } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { cartItems, customers, pujas, requests, stars, templePujas, temples } from "~/db/schema";
import { textInLanguage } from "~/domain/content/translations.server";
import { currentLocale, type Locale } from "~/lib/i18n";
import { pujaNameShown, templeNameShown } from "../records/booked-names.server";

/** Request status values (spec section 3, plus the desk's rejected and the paid state). */
export const REQUEST_STATUS = { accepted: 1, requested: 2, rejected: 3, booked: 4 } as const;

/**
 * Requests matching `where`, soonest puja date first: each with its temple, its puja (the
 * temple's and the master's, named in `names`' language), the devotee's star (in the page's
 * language), who asked, and whether it is in their cart.
 */
export function readRequests(
  db: Database,
  where: SQL | undefined,
  { names = currentLocale(), limit = 200 }: { names?: Locale; limit?: number } = {},
) {
  return db
    .select({
      id: requests.id,
      status: requests.status,
      templeId: requests.templeId,
      customerId: requests.customerId,
      templeName: templeNameShown("temple_name_shown", names),
      templeSlug: temples.slug,
      pujaId: templePujas.pujaId,
      templePujaId: requests.templePujaId,
      pujaName: pujaNameShown(pujas.id, pujas.name, "puja_name_shown", names),
      daysOffered: templePujas.daysOffered,
      devoteeName: requests.devoteeName,
      devoteeStarId: requests.devoteeStarId,
      starName: textInLanguage("star", stars.id, stars.name),
      pujaDate: requests.pujaDate,
      quantity: requests.quantity,
      rate: requests.rate,
      postalCharge: requests.postalCharge,
      addressId: requests.addressId,
      shippingId: requests.shippingId,
      staffNote: requests.staffNote,
      createdAt: requests.createdAt,
      customerName: customers.firstName,
      email: customers.email,
      cartItemId: cartItems.id,
    })
    .from(requests)
    .innerJoin(temples, eq(temples.id, requests.templeId))
    .innerJoin(templePujas, eq(templePujas.id, requests.templePujaId))
    .innerJoin(pujas, eq(pujas.id, templePujas.pujaId))
    .innerJoin(customers, eq(customers.id, requests.customerId))
    .leftJoin(stars, eq(stars.id, requests.devoteeStarId))
    .leftJoin(cartItems, eq(cartItems.requestId, requests.id))
    .where(where)
    .orderBy(asc(requests.pujaDate), asc(requests.id))
    .limit(limit);
}
