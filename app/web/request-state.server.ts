/** The root route's middleware: env, db and the session, read once per request into the router context. */
import type { MiddlewareFunction } from "react-router";
import { createDb } from "~/db/client.server";
import { type CurrentSession, verifySession } from "./auth.server";
import { type CustomerCredentials, customerByIdQuery } from "~/domain/accounts/customers.server";
import { cartLinesCountQuery } from "~/domain/bookings/cart/booking-list.server";
import { unseenNotificationsQuery } from "~/domain/notifications/inbox.server";
import { type RequestState, requestStateContext, workerContext } from "~/lib/context.server";

type AlongsideStatements = Parameters<RequestState["alongsideSession"]>[0];
import { openD1Session, withBookmark } from "~/lib/d1-session.server";
import { readEnv } from "~/lib/env.server";
import { readSession, readSessionId, type SessionRecord } from "~/lib/session.server";

/**
 * One request's state: the checked env, a drizzle client on this request's D1 session and
 * the signed-in session, looked up lazily (public pages that never ask cost no KV read).
 * Shared by the middleware below and by the composed pages (app/compose/devotee.server.tsx).
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
  let alongside: { statements: AlongsideStatements; resolve: (rows: Promise<unknown[] | null>) => void } | undefined;
  const takeAlongside = () => {
    const asked = alongside;
    alongside = undefined;
    return asked;
  };
  const runAlone = (statements: AlongsideStatements) =>
    sessionRecord().then(async (found) => {
      const [first, ...rest] = found ? statements(db, found.customerId) : [];
      return first ? db.batch([first, ...rest]) : null;
    });
  /** The session, its customer read with any statements asked for alongside (one D1 batch). */
  const lookUpSession = async () => {
    const asked = takeAlongside();
    if (!asked) return sessionId ? verify(await sessionRecord()) : null;
    const rows = sessionRecord().then((found) =>
      found ? db.batch([customerByIdQuery(db, found.customerId), ...asked.statements(db, found.customerId)]) : null,
    );
    asked.resolve(rows.then((all) => all?.slice(1) ?? null));
    return verify(await sessionRecord(), async () => (await rows)?.[0][0]);
  };
  /**
   * The session and the header's counts of its customer (cart lines, unseen messages). When
   * nobody has asked for the session yet, its customer and the counts are read in one D1 batch
   * (the KV record names the customer), with any statements asked for alongside; the counts are
   * only used once the session holds.
   */
  const sessionWithHeaderCounts = () => {
    if (!session && sessionId) {
      const asked = takeAlongside();
      const all = sessionRecord().then((found) =>
        found
          ? db.batch([
              customerByIdQuery(db, found.customerId),
              cartLinesCountQuery(db, found.customerId),
              unseenNotificationsQuery(db, found.customerId),
              ...(asked?.statements(db, found.customerId) ?? []),
            ])
          : null,
      );
      asked?.resolve(all.then((rows) => rows?.slice(3) ?? null));
      session = sessionRecord().then((found) => verify(found, async () => (await all)?.[0][0]));
      return { session, cartCount: all.then((rows) => rows?.[1][0]?.n ?? 0), unseenCount: all.then((rows) => rows?.[2][0]?.n ?? 0) };
    }
    const counts = sessionRecord().then((found) =>
      found ? db.batch([cartLinesCountQuery(db, found.customerId), unseenNotificationsQuery(db, found.customerId)]) : null,
    );
    return {
      session: (session ??= lookUpSession()),
      cartCount: counts.then((rows) => rows?.[0][0]?.n ?? 0),
      unseenCount: counts.then((rows) => rows?.[1][0]?.n ?? 0),
    };
  };
  const alongsideSession = (statements: AlongsideStatements) => {
    if (!sessionId) return Promise.resolve(null);
    if (session || alongside) return runAlone(statements);
    return new Promise<unknown[] | null>((resolve) => {
      alongside = { statements, resolve };
    });
  };
  const state: RequestState = {
    env,
    db,
    session: () => (session ??= lookUpSession()),
    sessionRecord,
    sessionWithHeaderCounts,
    alongsideSession,
  };
  return { state, d1 };
}

export const requestStateMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const { state, d1 } = openRequestState(context.get(workerContext).env, request);
  context.set(requestStateContext, state);
  return withBookmark(request, await next(), d1);
};
