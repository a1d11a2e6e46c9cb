import type { RouterContextProvider } from "react-router";
import { staffHome } from "~/domain/accounts/roles";
import { requestStateContext } from "~/lib/context.server";

/** The header's personal bits: who is signed in, their cart count, their unseen messages, their desk or console. */
export interface PersonalHeader {
  customer: { id: number; firstName: string } | null;
  cartCount: number;
  /** Messages newer than the devotee's last look at their Notifications tab. */
  unseenCount: number;
  staffHome: { href: string; label: string } | null;
}

/**
 * What the header shows of the devotee who is signed in (first name, cart count, unseen
 * messages, the desk or console link), read once per request: by the root loader, and by the Worker when it puts
 * this header on a cached public page (app/compose). Null when nobody is signed in.
 */
export async function readPersonalHeader(context: Readonly<RouterContextProvider>): Promise<PersonalHeader | null> {
  // The counts are read with the session's customer (one D1 batch), and used only once the
  // session holds; a visitor costs no read at all.
  const read = context.get(requestStateContext).sessionWithHeaderCounts();
  const [session, cartCount, unseenCount] = await Promise.all([read.session, read.cartCount, read.unseenCount]);
  if (!session) return null;
  // The role came with the session's customer row.
  return {
    customer: { id: session.customer.id, firstName: session.customer.firstName },
    cartCount,
    unseenCount,
    staffHome: staffHome(session.customer.role),
  };
}
