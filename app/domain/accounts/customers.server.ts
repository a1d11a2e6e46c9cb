/** Customers: look-ups for sign-in, the profile, and password changes. */
import type { Role } from "./roles";
import { and, asc, eq, isNull, ne, or, sql } from "drizzle-orm";
import type { SelectedFields } from "drizzle-orm/sqlite-core";
import { inLanguage, textInLanguage } from "~/domain/content/translations.server";
import type { Database } from "~/db/client.server";
import { preparedStatement } from "~/db/prepared.server";
import { customers, stars } from "~/db/schema";
import { hashPassword, needsRehash, UNUSABLE_PASSWORD_HASH, verifyPassword } from "~/lib/password.server";
import type { LoginInput, ProfileInput } from "./inputs";

export interface CustomerCredentials {
  id: number;
  email: string;
  firstName: string;
  passwordHash: string;
  /** The portal language they chose, if any (en, hi, ta, ml, te, kn). */
  language: string | null;
  role: Role;
}

const credentialColumns = {
  id: customers.id,
  email: customers.email,
  firstName: customers.firstName,
  passwordHash: customers.passwordHash,
  language: customers.language,
  role: customers.role,
};

/**
 * Keeps the language a signed-in customer last used the portal in (the language switch, signing in):
 * their messages speak it. Writes nothing when it is already the one kept.
 */
export async function saveCustomerLanguage(db: Database, customerId: number, language: string): Promise<void> {
  await db
    .update(customers)
    .set({ language })
    .where(and(eq(customers.id, customerId), or(isNull(customers.language), ne(customers.language, language))));
}

export async function findCustomerByEmail(db: Database, email: string): Promise<CustomerCredentials | undefined> {
  const [row] = await db.select(credentialColumns).from(customers).where(eq(customers.email, email.toLowerCase())).limit(1);
  return row;
}

/** The customer `id` and their credentials, as a statement (for a batch). */
/** Read with every signed-in request's session: its SQL is built once (app/db/prepared.server.ts). */
const customerById = preparedStatement((db) =>
  db
    .select(credentialColumns)
    .from(customers)
    .where(eq(customers.id, sql.placeholder("id")))
    .limit(1),
);

export function customerByIdQuery(db: Database, id: number) {
  return customerById(db, { id });
}

export async function findCustomerById(db: Database, id: number): Promise<CustomerCredentials | undefined> {
  const [row] = await customerByIdQuery(db, id);
  return row;
}

/**
 * Checks an email and password. An unknown email costs the same hash as a wrong
 * password, so timing does not tell which one was wrong. Old hash parameters are
 * upgraded on a successful check.
 */
export async function authenticate(db: Database, input: Pick<LoginInput, "email" | "password">) {
  const customer = await findCustomerByEmail(db, input.email);
  const valid = await verifyPassword(input.password, customer?.passwordHash ?? UNUSABLE_PASSWORD_HASH);
  if (!customer || !valid) return null;
  if (needsRehash(customer.passwordHash)) {
    customer.passwordHash = await setPassword(db, customer.id, input.password);
  }
  return customer;
}

/** Stores a new hash of `password`; returns it (sessions are stamped from it). */
export async function setPassword(db: Database, customerId: number, password: string): Promise<string> {
  const passwordHash = await hashPassword(password);
  await db.update(customers).set({ passwordHash, updatedAt: new Date().toISOString() }).where(eq(customers.id, customerId));
  return passwordHash;
}

/** Changes the password after checking the current one; null when it does not match. */
export async function changePassword(db: Database, customerId: number, current: string, next: string) {
  const customer = await findCustomerById(db, customerId);
  if (!customer || !(await verifyPassword(current, customer.passwordHash))) return null;
  return { ...customer, passwordHash: await setPassword(db, customerId, next) };
}

/** The 27 stars in their order, named in the request's language. */
export async function listStars(db: Database) {
  const rows = await db.select({ id: stars.id, name: stars.name }).from(stars).orderBy(asc(stars.id));
  return inLanguage(db, "star", rows, (star) => star.id, { name: "name" });
}

/** The profile form's fields, with the star's name. */
const profileColumns = () => ({
  email: customers.email,
  firstName: customers.firstName,
  lastName: customers.lastName,
  starId: customers.starId,
  starName: textInLanguage("star", stars.id, stars.name),
  mobile: customers.phoneMobile,
  landline: customers.phoneWired,
  houseName: customers.houseName,
  city: customers.city,
  district: customers.district,
  state: customers.state,
  country: customers.country,
  postalCode: customers.postalCode,
  dob: customers.dob,
});

function selectProfiles<Columns extends SelectedFields>(db: Database, columns: Columns) {
  return db.select(columns).from(customers).leftJoin(stars, eq(stars.id, customers.starId));
}

export async function getProfile(db: Database, customerId: number) {
  const [row] = await selectProfiles(db, profileColumns()).where(eq(customers.id, customerId)).limit(1);
  return row;
}

export type Profile = NonNullable<Awaited<ReturnType<typeof getProfile>>>;

/** Saves the profile form; false when the chosen star does not exist. */
export async function updateProfile(db: Database, customerId: number, input: ProfileInput): Promise<boolean> {
  if (input.starId) {
    const [star] = await db.select({ id: stars.id }).from(stars).where(eq(stars.id, input.starId)).limit(1);
    if (!star) return false;
  }
  await db
    .update(customers)
    .set({
      firstName: input.firstName,
      lastName: input.lastName ?? "",
      starId: input.starId ?? null,
      phoneMobile: input.mobile,
      phoneWired: input.landline ?? "",
      houseName: input.houseName ?? "",
      city: input.city ?? "",
      district: input.district ?? "",
      state: input.state ?? "",
      country: input.country || "India",
      postalCode: input.postalCode ?? "",
      updatedAt: new Date().toISOString(),
    })
    .where(eq(customers.id, customerId));
  return true;
}

/**
 * Every profile field, with those the portal's form does not edit (house number, street,
 * post office). Saved by `updateProfile` for the shared fields and `saveProfileExtras`.
 */
export async function getFullProfile(db: Database, customerId: number) {
  const [row] = await selectProfiles(db, {
    ...profileColumns(),
    houseNo: customers.houseNo,
    streetName: customers.streetName,
    postOffice: customers.postOffice,
  })
    .where(eq(customers.id, customerId))
    .limit(1);
  return row ?? null;
}

/** The profile fields the portal's form does not edit. */
export interface ProfileExtras {
  houseNo?: string;
  streetName?: string;
  postOffice?: string;
  /** YYYY-MM-DD. */
  dob?: string;
}

/** Saves the extra fields that were sent; fields left out keep their values. */
export async function saveProfileExtras(db: Database, customerId: number, extras: ProfileExtras) {
  const values = Object.fromEntries(Object.entries(extras).filter(([, value]) => value !== undefined));
  if (Object.keys(values).length === 0) return;
  await db.update(customers).set(values).where(eq(customers.id, customerId));
}
