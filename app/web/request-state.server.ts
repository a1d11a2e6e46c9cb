/** The root route's middleware: env, db and the session, read once per request into the router context. */
import type { MiddlewareFunction } from "react-router";
import { createDb } from "~/db/client.server";
import { type CurrentSession, verifySession } from "./auth.server";
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
  const lookUpSession = async () =>
    sessionId ? verifySession(env.bindings.SESSIONS, db, env.config.SESSION_SECRET, sessionId, await sessionRecord()) : null;
  const state: RequestState = { env, db, session: () => (session ??= lookUpSession()), sessionRecord };
  return { state, d1 };
}

export const requestStateMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const { state, d1 } = openRequestState(context.get(workerContext).env, request);
  context.set(requestStateContext, state);
  return withBookmark(request, await next(), d1);
};
