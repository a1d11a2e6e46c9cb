import type { RouterContextProvider } from "react-router";
import type { PersonalHeader } from "./personal-header";
import { countCartItems } from "~/domain/bookings/cart.server";
import { staffHome } from "~/domain/roles";
import { dbFrom } from "~/lib/db.server";
import { getCurrentSession } from "./auth.server";

/**
 * What the header shows of the devotee who is signed in (first name, cart count, the desk or
 * console link), read once per request: by the root loader, and by the Worker when it puts
 * this header on a cached public page (workers/devotee-pages.tsx). Null when nobody is signed in.
 */
export async function readPersonalHeader(context: Readonly<RouterContextProvider>): Promise<PersonalHeader | null> {
  const session = await getCurrentSession(context);
  if (!session) return null;
  // The role came with the session's customer row: the cart count is the one more read.
  return {
    customer: { id: session.customer.id, firstName: session.customer.firstName },
    cartCount: await countCartItems(dbFrom(context), session.customer.id),
    staffHome: staffHome(session.customer.role),
  };
}
