/** Who is signed in, for loaders and actions; sign-in and sign-out with session rotation. */
import type { RouterContextProvider } from "react-router";
import { redirect } from "~/web/redirect.server";
import { type CustomerCredentials, findCustomerById } from "~/domain/accounts/customers.server";
import type { Database } from "~/db/client.server";
import { hmacSha256, timingSafeEqualText } from "~/lib/crypto.server";
import { Memo } from "~/lib/memo.server";
import { appEnv, requestStateContext } from "~/lib/context.server";
import {
  clearedSessionCookie,
  createSession,
  destroySession,
  readSession,
  readSessionId,
  saveSession,
  type CurrentSession,
  type SessionRecord,
  sessionCookie,
  whoCookie,
} from "~/lib/session.server";

export type { CurrentSession, SignedInCustomer } from "~/lib/session.server";

type Context = Readonly<RouterContextProvider>;

/**
 * Stamps computed lately in this isolate: a stamp depends on nothing but the secret and the
 * hash, so a kept one is the one HMAC would give again (every signed-in request checks one).
 */
const stamps = new Memo<string>({ max: 1000 });

/** A keyed digest of the password hash: changes whenever the password does. */
export function authStamp(secret: string, passwordHash: string): Promise<string> {
  // For the isolate's life: a stamp is a pure function of its key (a new password is a new hash, a new key).
  return stamps.get({ key: `${secret}\n${passwordHash}`, ttlMs: Number.POSITIVE_INFINITY }, () =>
    hmacSha256(secret, `auth-stamp:${passwordHash}`),
  );
}

/**
 * The session behind `sessionId`, if it is live and was made with the customer's
 * current password. Stale records are deleted on sight. Shared with the legacy API.
 */
export async function resolveSession(kv: KVNamespace, db: Database, secret: string, sessionId: string): Promise<CurrentSession | null> {
  return verifySession(kv, db, secret, sessionId, await readSession(kv, sessionId));
}

/**
 * The session a KV `record` (already read) stands for, once its customer's current password
 * stamp matches; a stale record is deleted. The second half of `resolveSession`, for a
 * request that reads the record first (see web/request-state.server.ts).
 */
export async function verifySession(
  kv: KVNamespace,
  db: Database,
  secret: string,
  sessionId: string,
  record: SessionRecord | null,
  readCustomer: (id: number) => Promise<CustomerCredentials | undefined> = (id) => findCustomerById(db, id),
): Promise<CurrentSession | null> {
  if (!record) return null;
  const customer = await readCustomer(record.customerId);
  const stamp = customer ? await authStamp(secret, customer.passwordHash) : "";
  // The walk-in account never signs in (accounts/walk-in.server.ts): a session for it is void.
  if (!customer || customer.role === "walkin" || !timingSafeEqualText(stamp, record.authStamp)) {
    await destroySession(kv, sessionId);
    return null;
  }
  return { customer: { id: customer.id, email: customer.email, firstName: customer.firstName, role: customer.role }, sessionId, record };
}

/** The signed-in customer for this request (looked up once per request, see request-state.server.ts). */
export function getCurrentSession(context: Context): Promise<CurrentSession | null> {
  return context.get(requestStateContext).session();
}

/** The signed-in customer, or a redirect to the login page that comes back here. */
export async function requireCustomer(context: Context, request: Request): Promise<CurrentSession> {
  const session = await getCurrentSession(context);
  if (session) return session;
  const url = new URL(request.url);
  const redirectTo = `${url.pathname}${url.search}`;
  throw redirect(`/login?${new URLSearchParams({ redirectTo })}`);
}

/**
 * Starts a new session for `customer` and returns its Set-Cookie values (the session's, and the
 * waiting room's `sn_who` bound to it). Any session the request already carried is ended first,
 * so the id always changes at sign-in.
 */
export async function startSession(context: Context, request: Request, customer: { id: number; passwordHash: string }): Promise<string[]> {
  const { bindings, config } = appEnv(context);
  const previous = readSessionId(request);
  if (previous) await destroySession(bindings.SESSIONS, previous);
  const { id } = await createSession(bindings.SESSIONS, {
    customerId: customer.id,
    authStamp: await authStamp(config.SESSION_SECRET, customer.passwordHash),
  });
  const url = new URL(request.url);
  return [sessionCookie(id, url), await whoCookie(config.SESSION_SECRET, id, customer.id, url)];
}

/**
 * Keeps `session` signed in across its customer's password change: its stamp follows
 * the new hash, while every other session keeps the old stamp and is stale from now
 * on. For clients that cannot take a new session id (the legacy API).
 */
export async function restampSession(kv: KVNamespace, secret: string, session: CurrentSession, passwordHash: string) {
  await saveSession(kv, session.sessionId, { ...session.record, authStamp: await authStamp(secret, passwordHash) });
}

/** Ends the request's session; returns the Set-Cookie value that clears the cookie. */
export async function endSession(context: Context, request: Request): Promise<string> {
  const sessionId = readSessionId(request);
  if (sessionId) await destroySession(appEnv(context).bindings.SESSIONS, sessionId);
  return clearedSessionCookie(new URL(request.url));
}
