/**
 * Guards for the temple desk and the operator console. Roles and temple links are read
 * from D1 on every request. Not signed in: to the login page. A customer: 403. Staff
 * asking for another temple (or one that does not exist): 404, so they learn nothing.
 */
import type { RouterContextProvider } from "react-router";
import { canManageTemple, type DeskUser } from "~/domain/roles";
import { findRoleAndTemples, findTempleHeader } from "~/domain/roles.server";
import { requireCustomer } from "./auth.server";
import { dbFrom } from "./db.server";

type Context = Readonly<RouterContextProvider>;

// Plain Responses: resource routes (uploads, PDFs, CSV) pass them through as they are.
const forbidden = () => Response.json({ message: "This page is for temple staff and portal operators." }, { status: 403 });
const notFound = () => new Response(null, { status: 404 });

/** A signed-in staff member or operator. */
export async function requireDeskUser(context: Context, request: Request): Promise<DeskUser> {
  const { customer } = await requireCustomer(context, request);
  const found = await findRoleAndTemples(dbFrom(context), customer.id);
  if (!found || found.role === "customer") throw forbidden();
  return { ...customer, ...found };
}

/** The desk user and the temple, when they may manage it; otherwise 404. */
export async function requireStaffForTemple(context: Context, request: Request, templeIdParam: string | undefined) {
  const user = await requireDeskUser(context, request);
  const templeId = Number(templeIdParam);
  if (!Number.isSafeInteger(templeId) || templeId <= 0 || !canManageTemple(user, templeId)) throw notFound();
  const temple = await findTempleHeader(dbFrom(context), templeId);
  if (!temple) throw notFound();
  return { user, temple, templeId };
}

/** A signed-in portal operator; staff and customers get 403. */
export async function requireOperator(context: Context, request: Request): Promise<DeskUser> {
  const user = await requireDeskUser(context, request);
  if (user.role !== "operator") throw forbidden();
  return user;
}
