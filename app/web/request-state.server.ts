/** The root route's middleware: env, db and the session, read once per request into the router context. */
import type { MiddlewareFunction } from "react-router";
import { createDb } from "~/db/client.server";
import { type CurrentSession, verifySession } from "./auth.server";
import { type CustomerCredentials, customerByIdQuery } from "~/domain/accounts/customers.server";
import { cartLinesCountQuery, countCartLines } from "~/domain/bookings/booking-list.server";
import { type RequestState, requestStateContext, workerContext } from "~/lib/context.server";
import { openD1Session, withBookmark } from "~/lib/d1-session.server";
import { readEnv } from "~/lib/env.server";
import { readSession, readSessionId, type SessionRecord } from "~/lib/session.server";

/**
 * One request's state: the checked env, a drizzle client on this request's D1 session and
 * the signed-in session, looked up lazily (public pages that never ask cost no KV read).
 * Shared by the middleware below and by the Worker's devotee pages (workers/devotee-pages.tsx).
 */
export function openRequestState(bindings: Env, request: Request) {
  const env = readEnv(bindings);
  // Reads may come from a D1 replica; a devotee's own writes are always seen (d1-session).
  const d1 = openD1Session(env.bindings.DB, request);
  const db = createDb(d1.session as unknown as D1Database);
  const sessionId = readSessionId(request);
  let record: Promise<SessionRecord | null> | undefined;
  let session: Promise<CurrentSession | null> | undefined;
  const sessionRecord = () => (record ??= sessionId ? readSession(env.bindings.SESSIONS, sessionId) : Promise.resolve(null));
  const verify = (found: SessionRecord | null, readCustomer?: (id: number) => Promise<CustomerCredentials | undefined>) =>
    verifySession(env.bindings.SESSIONS, db, env.config.SESSION_SECRET, sessionId!, found, readCustomer);
  const lookUpSession = async () => (sessionId ? verify(await sessionRecord()) : null);
  /**
   * The session and its customer's cart count. When nobody has asked for the session yet,
   * its customer and the count are read in one D1 batch (the KV record names the customer);
   * the count is only used once the session holds.
   */
  const sessionWithCartCount = () => {
    if (!session && sessionId) {
      const both = sessionRecord().then((found) =>
        found ? db.batch([customerByIdQuery(db, found.customerId), cartLinesCountQuery(db, found.customerId)]) : null,
      );
      session = sessionRecord().then((found) => verify(found, async () => (await both)?.[0][0]));
      return { session, cartCount: both.then((rows) => rows?.[1][0]?.n ?? 0) };
    }
    const cartCount = sessionRecord().then((found) => (found ? countCartLines(db, found.customerId) : 0));
    return { session: (session ??= lookUpSession()), cartCount };
  };
  const state: RequestState = { env, db, session: () => (session ??= lookUpSession()), sessionRecord, sessionWithCartCount };
  return { state, d1 };
}

export const requestStateMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const { state, d1 } = openRequestState(context.get(workerContext).env, request);
  context.set(requestStateContext, state);
  return withBookmark(request, await next(), d1);
};
