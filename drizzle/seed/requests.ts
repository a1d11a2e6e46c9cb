/** Puja requests (request-mode offerings), favourites, and the short-lived verification rows. */
import type { Bookings } from "./bookings.ts";
import { DEMO_FAVOURITES, offeredOn } from "./bookings.ts";
import type { Catalog, TemplePujaRow } from "./catalog.ts";
import { addDays, timestamp } from "./lib/dates.ts";
import { rngFor } from "./lib/random.ts";
import type { CustomerRow, People } from "./people.ts";
import type { TempleRow } from "./temples.ts";

export type RequestRow = {
  id: number;
  customerId: number;
  templeId: number;
  templePujaId: number;
  devoteeName: string;
  devoteeStarId: number | null;
  pujaDate: string;
  quantity: number;
  rate: number;
  postalCharge: number;
  addressId: number | null;
  shippingId: number | null;
  status: 1 | 2 | 3 | 4;
  staffNote: string | null;
  createdAt: string;
};
export type FavouriteRow = { customerId: number; templeId: number; createdAt: string };
export type SignupRow = {
  id: number;
  email: string;
  firstName: string;
  phoneMobile: string;
  passwordHash: string;
  codeHash: string;
  attempts: number;
  expiresAt: string;
  consumedAt: string | null;
  createdAt: string;
};
export type ResetRow = {
  id: number;
  customerId: number;
  codeHash: string;
  attempts: number;
  expiresAt: string;
  usedAt: string | null;
  createdAt: string;
};

const NOTES: Record<number, string | null> = {
  1: "Confirmed for the requested date. Please add it to the cart and complete the payment within seven days.",
  2: null,
  3: "The offering is fully booked on this date. Please request another date.",
  4: null,
};

/**
 * Stand-in for the app's keyed code digest (base64url, 32 bytes). The rows that use it are
 * consumed or expired, and without the app's secret no code can ever match it.
 */
async function codeDigest(message: string): Promise<string> {
  const bytes = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(`sannidhi-seed:${message}`)));
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

export async function generateRequests(temples: readonly TempleRow[], catalog: Catalog, people: People, bookings: Bookings, today: string) {
  const rng = rngFor("requests");
  const online = new Set(temples.filter((t) => t.onlineBooking).map((t) => t.id));
  const pool = catalog.templePujas.filter((tp) => tp.active && tp.bookingMode === "request" && online.has(tp.templeId));
  const staffTemples = new Set(people.templeStaff.map((s) => s.templeId));
  // Requests at the staff accounts' temples come first so the staff screens have work to do.
  const ordered = [
    ...pool.filter((tp) => staffTemples.has(tp.templeId)),
    ...rng.shuffle(pool.filter((tp) => !staffTemples.has(tp.templeId))),
  ];
  const requests: RequestRow[] = [];
  const add = (customer: CustomerRow, tp: TemplePujaRow, status: RequestRow["status"], addressId: number | null) => {
    const postal = addressId !== null ? tp.postalCharge : 0;
    requests.push({
      id: requests.length + 1,
      customerId: customer.id,
      templeId: tp.templeId,
      templePujaId: tp.id,
      devoteeName: `${customer.firstName} ${customer.lastName}`,
      devoteeStarId: customer.starId,
      pujaDate: offeredOn(tp, addDays(today, rng.int(7, 75))),
      quantity: 1,
      rate: tp.rate,
      postalCharge: postal,
      addressId,
      shippingId: postal > 0 ? addressId : null,
      status,
      staffNote: NOTES[status] ?? null,
      createdAt: timestamp(today, -rng.int(1, 12), rng.int(300, 1300)),
    });
  };
  const demoStatuses: RequestRow["status"][] = [2, 2, 2, 1, 1, 3];
  demoStatuses.forEach((status, i) => {
    const tp = ordered[i % Math.max(1, ordered.length)];
    if (tp) add(people.demo, tp, status, bookings.demoAddressId);
  });
  if (ordered.length > 0) {
    for (const customer of people.others.slice(0, 12)) {
      const tp = rng.chance(0.5) ? ordered[rng.int(0, Math.min(3, ordered.length - 1))]! : rng.pick(ordered);
      const home = bookings.addresses.find((a) => a.customerId === customer.id)?.id ?? null;
      add(customer, tp, rng.pick([2, 2, 1, 4] as const), home);
    }
  }
  const byKey = new Map(temples.filter((t) => t.key).map((t) => [t.key!, t]));
  const onlineTemples = temples.filter((t) => t.onlineBooking);
  const favourites: FavouriteRow[] = [];
  const favour = (customer: CustomerRow, temple: TempleRow | undefined) => {
    if (!temple || favourites.some((f) => f.customerId === customer.id && f.templeId === temple.id)) return;
    favourites.push({ customerId: customer.id, templeId: temple.id, createdAt: timestamp(today, -rng.int(1, 200), rng.int(0, 1439)) });
  };
  for (const key of DEMO_FAVOURITES) favour(people.demo, byKey.get(key));
  for (const temple of rng.shuffle(onlineTemples)) {
    if (favourites.length >= 4) break;
    favour(people.demo, temple);
  }
  for (const customer of people.others) {
    for (let n = rng.int(0, 4); n > 0 && onlineTemples.length > 0; n--) favour(customer, rng.pick(onlineTemples));
  }
  const stranger = people.others[0];
  const signups: SignupRow[] = stranger
    ? [
        {
          id: 1,
          email: stranger.email,
          firstName: stranger.firstName,
          phoneMobile: stranger.phoneMobile,
          passwordHash: stranger.passwordHash,
          codeHash: await codeDigest(`signup:${stranger.email}:DV${rng.int(0, 999999)}`),
          attempts: 1,
          expiresAt: stranger.createdAt,
          consumedAt: stranger.createdAt,
          createdAt: stranger.createdAt,
        },
        {
          id: 2,
          email: "new.devotee@example.com",
          firstName: "Harini",
          phoneMobile: "9444012345",
          passwordHash: stranger.passwordHash,
          codeHash: await codeDigest(`signup:new.devotee@example.com:DV${rng.int(0, 999999)}`),
          attempts: 3,
          expiresAt: timestamp(today, -20, 620),
          consumedAt: null,
          createdAt: timestamp(today, -20, 600),
        },
      ]
    : [];
  const resetFor = people.others[1];
  const resets: ResetRow[] = resetFor
    ? [
        {
          id: 1,
          customerId: resetFor.id,
          codeHash: await codeDigest(`reset:${resetFor.email}:DV${rng.int(0, 999999)}`),
          attempts: 0,
          expiresAt: timestamp(today, -45, 630),
          usedAt: timestamp(today, -45, 612),
          createdAt: timestamp(today, -45, 600),
        },
      ]
    : [];
  return { requests, favourites, signups, resets };
}
