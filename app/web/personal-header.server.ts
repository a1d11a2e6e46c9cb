import type { RouterContextProvider } from "react-router";
import type { PersonalHeader } from "./personal-header";
import { countCartItems } from "~/domain/bookings/cart.server";
import { staffHome } from "~/domain/roles";
import { requestStateContext } from "~/lib/context.server";
import { dbFrom } from "~/lib/db.server";
import { getCurrentSession } from "./auth.server";

/**
 * What the header shows of the devotee who is signed in (first name, cart count, the desk or
 * console link), read once per request: by the root loader, and by the Worker when it puts
 * this header on a cached public page (workers/devotee-pages.tsx). Null when nobody is signed in.
 */
export async function readPersonalHeader(context: Readonly<RouterContextProvider>): Promise<PersonalHeader | null> {
  // The cart count is read beside the session's check, not after it (one D1 round trip, not
  // two): the KV record names the customer; the count is used only once the session holds.
  const record = await context.get(requestStateContext).sessionRecord();
  if (!record) return null;
  const [session, cartCount] = await Promise.all([getCurrentSession(context), countCartItems(dbFrom(context), record.customerId)]);
  if (!session) return null;
  // The role came with the session's customer row.
  return {
    customer: { id: session.customer.id, firstName: session.customer.firstName },
    cartCount,
    staffHome: staffHome(session.customer.role),
  };
}
