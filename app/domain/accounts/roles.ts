/** Who may use the staff screens (no server imports: shared with components). */
import { m } from "~/paraglide/messages";

/** walkin: the counter's system account (accounts/walk-in.server.ts); it never signs in. */
export type Role = "customer" | "staff" | "operator" | "walkin";

export interface DeskUser {
  id: number;
  email: string;
  firstName: string;
  role: Role;
  /** Temples a staff member works for (operators manage every temple). */
  templeIds: number[];
  /** Of those, the temples where they keep the counter only (temple_staff.role 'counter'): the Counter and its cash book. */
  counterTempleIds?: number[];
}

/** What a desk user may do at a temple they may manage: everything (admin, operators) or the counter only. */
export type DeskRole = "admin" | "counter";

export function deskRoleAt(user: Pick<DeskUser, "role" | "counterTempleIds">, templeId: number): DeskRole {
  if (user.role === "operator") return "admin";
  return user.counterTempleIds?.includes(templeId) ? "counter" : "admin";
}

/** The desk pages a counter clerk may open: the Counter and what is under it (its cash book, receipts). */
export function isCounterPage(pattern: string): boolean {
  return /\/desk\/:templeId\/counter(\/|$)/.test(pattern);
}

/** Whether `user` may see and change the data of temple `templeId`. */
export function canManageTemple(user: Pick<DeskUser, "role" | "templeIds">, templeId: number): boolean {
  if (user.role === "operator") return true;
  return user.role === "staff" && user.templeIds.includes(templeId);
}

/** Where the header's staff link leads, or null for customers (the label in the request's language). */
export function staffHome(role: Role): { href: string; label: string } | null {
  if (role === "operator") return { href: landingAfterSignIn(role), label: m.common_staff_operator_console() };
  if (role === "staff") return { href: landingAfterSignIn(role), label: m.common_staff_temple_desk() };
  return null;
}

/**
 * Where a signed-in person lands when they were not on their way somewhere: staff at their
 * desk, operators at the console, devotees at home (the spec's destination after a login).
 */
export function landingAfterSignIn(role: Role): string {
  if (role === "operator") return "/operator";
  if (role === "staff") return "/desk";
  return "/";
}
