import type { BatchItem } from "drizzle-orm/batch";
import { createContext, type RouterContextProvider } from "react-router";
import type { Database } from "~/db/client.server";
import type { CurrentSession, SessionRecord } from "./session.server";
import type { AppEnv } from "./env.server";

/** The Worker's env and execution context, handed to React Router per request. */
export interface WorkerContext {
  env: Env;
  ctx: ExecutionContext;
}

export const workerContext = createContext<WorkerContext>();

/**
 * What every loader and action of one request shares, set once by the root route's
 * middleware (`web/request-state.server.ts`): the checked env, the drizzle client and
 * the signed-in session, which is read from KV and D1 the first time it is asked for.
 */
export interface RequestState {
  env: AppEnv;
  db: Database;
  session: () => Promise<CurrentSession | null>;
  /**
   * The session's KV record alone, not yet checked against the customer's password stamp:
   * what a read that can start before that check needs (the customer id). Only ever used
   * together with `session()`, whose answer decides.
   */
  sessionRecord: () => Promise<SessionRecord | null>;
  /** The session and the header's counts of its customer (cart lines, unseen messages; 0 without one), read together. */
  sessionWithHeaderCounts: () => { session: Promise<CurrentSession | null>; cartCount: Promise<number>; unseenCount: Promise<number> };
  /**
   * Statements of the session's customer (a page's devotee part, a booking's reads), run in
   * the D1 batch that reads the session's customer when asked before the session is read (else
   * in one of their own): their rows, or null without a session record. The rows are the
   * record's customer's: use them only once the session holds.
   */
  alongsideSession: (statements: (db: Database, customerId: number) => BatchItem<"sqlite">[]) => Promise<unknown[] | null>;
}

export const requestStateContext = createContext<RequestState>();

/** For loaders and actions: the checked environment of this request. */
export function appEnv(context: Readonly<RouterContextProvider>): AppEnv {
  return context.get(requestStateContext).env;
}
