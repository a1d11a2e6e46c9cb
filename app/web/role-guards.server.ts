/**
 * Guards for the temple desk and the operator console. Roles and temple links are read
 * from D1 on every request (never from the session), once per request. Not signed in:
 * to the login page. A customer: 403. Staff asking for another temple (or one that does
 * not exist): 404, so they learn nothing.
 *
 * The desk and console layouts run the guards as middleware, before any loader or action
 * of their subtree: a child route is guarded by being under the layout, and reads what
 * the guard found with `templeDeskAccess` / `operatorAccess`.
 */
import { createContext, type MiddlewareFunction, type RouterContextProvider } from "react-router";
import { canManageTemple, type DeskRole, type DeskUser, deskRoleAt, isCounterPage } from "~/domain/accounts/roles";
import { findRoleAndTemples, findTempleHeader } from "~/domain/accounts/role-lookups.server";
import { getCurrentSession, requireCustomer } from "./auth.server";
import { dbFrom } from "~/lib/db.server";
import { m } from "~/paraglide/messages";

type Context = Readonly<RouterContextProvider>;

// Plain Responses: resource routes (uploads, PDFs, CSV) pass them through as they are. The
// refusal speaks the request's language (read when refusing).
const forbidden = () => Response.json({ message: m.desk_staff_only() }, { status: 403 });
const notFound = () => new Response(null, { status: 404 });

type TempleHeader = NonNullable<Awaited<ReturnType<typeof findTempleHeader>>>;

export interface TempleDeskAccess {
  user: DeskUser;
  temple: TempleHeader;
  templeId: number;
  /** admin: the whole desk; counter: the Counter and its cash book only. */
  deskRole: DeskRole;
}

const signedInRoleContext = createContext<Promise<DeskUser | null> | null>(null);
const templeDeskContext = createContext<TempleDeskAccess>();
const operatorContext = createContext<DeskUser>();

/**
 * The signed-in customer with their role and temples, or null when nobody is signed in.
 * Read from D1 once per request, whoever asks first (a guard, the root loader's header).
 */
export function findSignedInRole(context: Context): Promise<DeskUser | null> {
  let pending = context.get(signedInRoleContext);
  if (!pending) {
    pending = getCurrentSession(context).then(async (session) => {
      if (!session) return null;
      const found = await findRoleAndTemples(dbFrom(context), session.customer.id);
      return found ? { ...session.customer, ...found } : null;
    });
    // Set before anyone awaits it, so loaders running side by side share the one lookup.
    context.set(signedInRoleContext, pending);
  }
  return pending;
}

/** A signed-in staff member or operator. */
export async function requireDeskUser(context: Context, request: Request): Promise<DeskUser> {
  await requireCustomer(context, request);
  const user = await findSignedInRole(context);
  if (!user || user.role === "customer") throw forbidden();
  return user;
}

/** The desk user and the temple, when they may manage it; otherwise 404. */
async function requireStaffForTemple(context: Context, request: Request, templeIdParam: string | undefined): Promise<TempleDeskAccess> {
  const user = await requireDeskUser(context, request);
  const templeId = Number(templeIdParam);
  if (!Number.isSafeInteger(templeId) || templeId <= 0 || !canManageTemple(user, templeId)) throw notFound();
  const temple = await findTempleHeader(dbFrom(context), templeId);
  if (!temple) throw notFound();
  return { user, temple, templeId, deskRole: deskRoleAt(user, templeId) };
}

/** A signed-in portal operator; staff and customers get 403. */
async function requireOperator(context: Context, request: Request): Promise<DeskUser> {
  const user = await requireDeskUser(context, request);
  if (user.role !== "operator") throw forbidden();
  return user;
}

/** A refusal page (403/404) of a guarded subtree is never stored, like the pages themselves. */
const neverStoreRefusals: MiddlewareFunction<Response> = async (_args, next) => {
  const response = await next();
  if (response.status >= 400) response.headers.set("Cache-Control", "private, no-store");
  return response;
};

/**
 * `desk/:templeId` and everything under it: staff of that temple and operators only; a counter
 * clerk of the temple only the Counter and what is under it (any other page, new ones too: 403).
 */
export const templeDeskGuard: MiddlewareFunction<Response>[] = [
  neverStoreRefusals,
  async ({ request, context, params, pattern }) => {
    const access = await requireStaffForTemple(context, request, params.templeId);
    if (access.deskRole === "counter" && !isCounterPage(pattern)) throw forbidden();
    context.set(templeDeskContext, access);
  },
];

/** For desk routes only a temple's admin may use (an operator, or staff with the admin role): 403 otherwise. */
export function requireTempleAdmin(context: Context): TempleDeskAccess {
  const access = templeDeskAccess(context);
  if (access.deskRole !== "admin") throw forbidden();
  return access;
}

/** `operator` and everything under it: portal operators only. */
export const operatorConsoleGuard: MiddlewareFunction<Response>[] = [
  neverStoreRefusals,
  async ({ request, context }) => {
    context.set(operatorContext, await requireOperator(context, request));
  },
];

/** For routes under the desk layout: who is at the desk and for which temple (set by its guard). */
export function templeDeskAccess(context: Context): TempleDeskAccess {
  return context.get(templeDeskContext);
}

/** For routes under the operator layout: the operator (set by its guard). */
export function operatorAccess(context: Context): DeskUser {
  return context.get(operatorContext);
}
