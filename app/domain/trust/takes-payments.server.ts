/** Who takes payments (takes-payments.ts) for the booking path's queries: cart, pricing, packages, adding a puja. */
import { and, eq, sql } from "drizzle-orm";
import { temples } from "~/db/schema";

/** The rule as a condition on `temples`. */
export const templeTakesPayments = () => and(eq(temples.onlineBooking, true), eq(temples.verified, true));

/** The rule as a selected column (true or false) of a row joined to `temples`. */
export const templeTakesPaymentsColumn = () => sql<boolean>`(${temples.onlineBooking} and ${temples.verified})`.mapWith(Boolean);
