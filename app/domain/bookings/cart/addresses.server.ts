/** Where prasad goes: a customer's saved addresses, the profile's address, or a new one. */
import { and, desc, eq, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { preparedStatement } from "~/db/prepared.server";
import { addresses, customers } from "~/db/schema";
import type { AddressChoice, NewAddress } from "./inputs";
import { m } from "~/paraglide/messages";

export const ADDRESS_MESSAGES = {
  get notYours() {
    return m.bookings_address_not_yours();
  },
  get profileIncomplete() {
    return m.bookings_address_profile_incomplete();
  },
} as const;

/**
 * A booking line's postal address on one line ("Meera Iyer, 14, Kutchery Road, Chennai, Tamil
 * Nadu 600004"), for a query that joins `addresses` on the line's shipping address; null
 * without one. What the cart, My Transactions and the receipt say of where the prasad goes.
 */
export function postalAddressLine(alias: string) {
  const part = (column: typeof addresses.line2 | typeof addresses.city | typeof addresses.state) =>
    sql`case when ${column} <> '' then ', ' || ${column} else '' end`;
  return sql<string | null>`case when ${addresses.id} is null then null else ${addresses.name} || ', ' || ${addresses.line1}
    || ${part(addresses.line2)} || ${part(addresses.city)} || ${part(addresses.state)} || ' ' || ${addresses.postalCode} end`.as(alias);
}

export function listAddresses(db: Database, customerId: number) {
  return db
    .select({
      id: addresses.id,
      name: addresses.name,
      line1: addresses.line1,
      line2: addresses.line2,
      city: addresses.city,
      state: addresses.state,
      postalCode: addresses.postalCode,
    })
    .from(addresses)
    .where(eq(addresses.customerId, customerId))
    .orderBy(desc(addresses.id))
    .limit(20);
}

export type SavedAddress = Awaited<ReturnType<typeof listAddresses>>[number];

export async function ownsAddress(db: Database, customerId: number, addressId: number): Promise<boolean> {
  const [row] = await ownedAddressQuery(db, customerId, addressId);
  return Boolean(row);
}

/** The statement behind `ownsAddress` (for a batch): a row when the address is the customer's. */
/** A booking's read (its SQL built once: app/db/prepared.server.ts). */
const ownedAddress = preparedStatement((db) =>
  db
    .select({ id: addresses.id })
    .from(addresses)
    .where(and(eq(addresses.id, sql.placeholder("addressId")), eq(addresses.customerId, sql.placeholder("customerId"))))
    .limit(1),
);

export function ownedAddressQuery(db: Database, customerId: number, addressId: number) {
  return ownedAddress(db, { customerId, addressId });
}

async function saveAddress(db: Database, customerId: number, address: NewAddress): Promise<number> {
  const [existing] = await db
    .select({ id: addresses.id })
    .from(addresses)
    .where(
      and(
        eq(addresses.customerId, customerId),
        eq(addresses.name, address.name),
        eq(addresses.line1, address.line1),
        eq(addresses.postalCode, address.postalCode),
      ),
    )
    .limit(1);
  if (existing) return existing.id;
  const [row] = await db
    .insert(addresses)
    .values({ customerId, ...address, country: "India" })
    .returning({ id: addresses.id });
  return row!.id;
}

/** The profile's address columns (for `addressFromProfile`; a statement a batch can carry). */
export function profileRowQuery(db: Database, customerId: number) {
  return db
    .select({
      firstName: customers.firstName,
      lastName: customers.lastName,
      houseNo: customers.houseNo,
      houseName: customers.houseName,
      streetName: customers.streetName,
      postOffice: customers.postOffice,
      city: customers.city,
      district: customers.district,
      state: customers.state,
      postalCode: customers.postalCode,
      phoneMobile: customers.phoneMobile,
    })
    .from(customers)
    .where(eq(customers.id, customerId))
    .limit(1);
}

type ProfileRow = Awaited<ReturnType<typeof profileRowQuery>>[number];

async function profileAddress(db: Database, customerId: number): Promise<NewAddress | null> {
  const [c] = await profileRowQuery(db, customerId);
  return addressFromProfile(c);
}

/** The profile's address as a shipping address, or null when it is not complete enough to post to. */
export function addressFromProfile(c: ProfileRow | undefined): NewAddress | null {
  if (!c) return null;
  const line1 = [c.houseNo, c.houseName].filter(Boolean).join(", ");
  if (line1.length < 3 || !/^[1-9]\d{5}$/.test(c.postalCode) || !c.city || !c.state) return null;
  return {
    name: `${c.firstName} ${c.lastName}`.trim(),
    line1,
    line2: [c.streetName, c.postOffice].filter(Boolean).join(", "),
    city: c.city,
    district: c.district,
    state: c.state,
    postalCode: c.postalCode,
    phone: c.phoneMobile,
  };
}

export type AddressResult = { ok: true; id: number } | { ok: false; field: "addressId"; message: string };

/** The id of the address chosen in a booking form, saving the profile's or a new one. */
export async function resolveShippingAddress(
  db: Database,
  customerId: number,
  choice: AddressChoice | undefined,
  typed: NewAddress,
): Promise<AddressResult> {
  if (typeof choice === "number") {
    return (await ownsAddress(db, customerId, choice))
      ? { ok: true, id: choice }
      : { ok: false, field: "addressId", message: ADDRESS_MESSAGES.notYours };
  }
  if (choice === "profile") {
    const address = await profileAddress(db, customerId);
    if (!address) return { ok: false, field: "addressId", message: ADDRESS_MESSAGES.profileIncomplete };
    return { ok: true, id: await saveAddress(db, customerId, address) };
  }
  if (choice === "new") return { ok: true, id: await saveAddress(db, customerId, typed) };
  return { ok: false, field: "addressId", message: ADDRESS_MESSAGES.notYours };
}

/** Whether the profile holds an address complete enough to post prasad to. */
export async function hasProfileAddress(db: Database, customerId: number): Promise<boolean> {
  return (await profileAddress(db, customerId)) !== null;
}
