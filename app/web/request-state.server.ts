/** The root route's middleware: env, db and the session, read once per request into the router context. */
import type { MiddlewareFunction } from "react-router";
import { createDb } from "~/db/client.server";
import { type CurrentSession, resolveSession } from "./auth.server";
import { type RequestState, requestStateContext, workerContext } from "~/lib/context.server";
import { openD1Session, withBookmark } from "~/lib/d1-session.server";
import { readEnv } from "~/lib/env.server";
import { readSessionId } from "~/lib/session.server";

export const requestStateMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const env = readEnv(context.get(workerContext).env);
  // Reads may come from a D1 replica; a devotee's own writes are always seen (d1-session).
  const d1 = openD1Session(env.bindings.DB, request);
  const db = createDb(d1.session as unknown as D1Database);
  // Lazy: public pages and assets that never ask who is signed in cost no KV read.
  let session: Promise<CurrentSession | null> | undefined;
  const lookUpSession = () => {
    const sessionId = readSessionId(request);
    return sessionId ? resolveSession(env.bindings.SESSIONS, db, env.config.SESSION_SECRET, sessionId) : Promise.resolve(null);
  };
  const state: RequestState = { env, db, session: () => (session ??= lookUpSession()) };
  context.set(requestStateContext, state);
  return withBookmark(request, await next(), d1);
};
