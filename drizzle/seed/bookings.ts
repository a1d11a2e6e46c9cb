/** Addresses, completed transactions and their lines: the demo devotee's history and a few others'. */
import type { Catalog, TemplePujaRow } from "./catalog.ts";
import { addDays, timestamp, weekday, yearOf } from "./lib/dates.ts";
import { rngFor } from "./lib/random.ts";
import type { CustomerRow, People } from "./people.ts";
import type { TempleRow } from "./temples.ts";

export type AddressRow = {
  id: number;
  customerId: number;
  name: string;
  line1: string;
  line2: string;
  city: string;
  district: string;
  state: string;
  postalCode: string;
  phone: string;
  createdAt: string;
};
export type TransactionRow = {
  id: number;
  customerId: number;
  bookingDate: string;
  receiptNo: string;
  trackingNo: string;
  status: number;
  deletedAt: string | null;
  total: number;
  paymentRef: string;
  createdAt: string;
};
export type LineRow = {
  id: number;
  transactionId: number;
  itemType: "PUJA" | "DONATION";
  templeId: number;
  templePujaId: number | null;
  donationPurposeId: number | null;
  itemName: string;
  devoteeName: string;
  starId: number | null;
  pujaDate: string | null;
  quantity: number;
  amount: number;
  postalCharge: number;
  shippingAddressId: number | null;
  pujaStatus: string;
  videoKey: string | null;
  prasadTrackingNo: string | null;
};

export const SAMPLE_VIDEO_KEY = "videos/sample-puja.webm";

/** Puja total = amount x quantity + quantity x postal charge; donation total = amount x quantity. */
export function lineTotal(line: Pick<LineRow, "amount" | "quantity" | "postalCharge">): number {
  return line.amount * line.quantity + line.quantity * line.postalCharge;
}

/** The first date on or after `day` when the puja is offered. */
export function offeredOn(tp: TemplePujaRow, day: string): string {
  for (let i = 0; i < 7; i++) {
    const candidate = addDays(day, i);
    if (tp.daysOffered.includes(String(weekday(candidate)))) return candidate;
  }
  return day;
}

type Plan = { age: number; temples: readonly string[]; donation: string | null; deleted?: boolean };

const DEMO_PLANS: readonly Plan[] = [
  { age: 120, temples: ["guruvayur", "ambalappuzha"], donation: "guruvayur" },
  { age: 75, temples: ["meenakshi", "palani"], donation: "meenakshi" },
  { age: 60, temples: ["chottanikkara"], donation: null, deleted: true },
  { age: 40, temples: ["sabarimala", "attukal"], donation: null },
  { age: 18, temples: ["tirumala"], donation: "tirumala" },
  { age: 3, temples: ["kedarnath", "kashivishwanath"], donation: "padmanabhaswamy" },
];
/** The demo devotee's favourite temples. */
export const DEMO_FAVOURITES: readonly string[] = ["guruvayur", "meenakshi", "sabarimala", "tirumala", "padmanabhaswamy"];

/** Landmarks the demo data names; the temple generator keeps them bookable online. */
export const DEMO_TEMPLE_KEYS: readonly string[] = [
  ...DEMO_PLANS.flatMap((p) => [...p.temples, ...(p.donation ? [p.donation] : [])]),
  ...DEMO_FAVOURITES,
];

const DEMO_DEVOTEES: readonly (readonly [string, number])[] = [
  ["Lakshmi Narayanan", 4],
  ["K. Narayanan", 10],
  ["Anirudh Narayanan", 22],
  ["Meera Narayanan", 13],
];

export type Bookings = { addresses: AddressRow[]; transactions: TransactionRow[]; lines: LineRow[]; demoAddressId: number };

export function generateBookings(temples: readonly TempleRow[], catalog: Catalog, people: People, today: string): Bookings {
  const rng = rngFor("bookings");
  const byKey = new Map(temples.filter((t) => t.key).map((t) => [t.key!, t]));
  const online = temples.filter((t) => t.onlineBooking && bookable(catalog, t).length > 0);
  const pickTemple = (key: string | null, used: Set<number>): TempleRow | undefined => {
    const named = key ? byKey.get(key) : undefined;
    if (named?.onlineBooking && bookable(catalog, named).length > 0 && !used.has(named.id)) return named;
    return rng.shuffle(online).find((t) => !used.has(t.id));
  };
  const addresses: AddressRow[] = [];
  const addAddress = (
    c: CustomerRow,
    name: string,
    line1: string,
    line2: string,
    city: string,
    district: string,
    state: string,
    pin: string,
  ) => {
    addresses.push({
      id: addresses.length + 1,
      customerId: c.id,
      name,
      line1,
      line2,
      city,
      district,
      state,
      postalCode: pin,
      phone: c.phoneMobile,
      createdAt: c.createdAt,
    });
    return addresses.length;
  };
  const demo = people.demo;
  const demoAddressId = addAddress(
    demo,
    "Lakshmi Narayanan",
    "XII/482, Sreevalsam",
    "East Nada Road, Guruvayur P.O.",
    "Guruvayur",
    "Thrissur",
    "Kerala",
    "680101",
  );
  addAddress(demo, "K. Narayanan", "14, Kutchery Road", "Mylapore", "Chennai", "Chennai", "Tamil Nadu", "600004");
  const transactions: TransactionRow[] = [];
  const lines: LineRow[] = [];
  let videos = 0;
  const book = (customer: CustomerRow, plan: Plan, devotees: readonly (readonly [string, number | null])[], addressId: number | null) => {
    const id = transactions.length + 1;
    const seq = 100 + id;
    const bookingDay = addDays(today, -plan.age);
    const used = new Set<number>();
    const own: LineRow[] = [];
    const push = (line: Omit<LineRow, "id" | "transactionId">) =>
      own.push({ ...line, id: lines.length + own.length + 1, transactionId: id });
    for (const key of plan.temples) {
      const temple = pickTemple(key, used);
      if (!temple) continue;
      used.add(temple.id);
      const options = bookable(catalog, temple);
      const postable = options.filter((tp) => tp.postalCharge > 0);
      // Lean towards offerings with postal prasad when there is an address to send it to.
      const first = addressId !== null && postable.length > 0 && rng.chance(0.7) ? rng.pick(postable) : rng.pick(options);
      const second = rng.chance(0.5) ? rng.pick(options) : first;
      for (const tp of first === second ? [first] : [first, second]) {
        const [devoteeName, starId] = rng.pick(devotees);
        const pujaDate = offeredOn(tp, addDays(bookingDay, rng.int(2, 14)));
        const done = pujaDate < today;
        const posted = addressId !== null && tp.postalCharge > 0 && rng.chance(0.8);
        push({
          itemType: "PUJA",
          templeId: temple.id,
          templePujaId: tp.id,
          donationPurposeId: null,
          itemName: tp.pujaName,
          devoteeName,
          starId,
          pujaDate,
          quantity: rng.chance(0.8) ? 1 : rng.int(2, 3),
          amount: tp.rate,
          postalCharge: posted ? tp.postalCharge : 0,
          shippingAddressId: posted ? addressId : null,
          pujaStatus: done ? "done" : "booked",
          videoKey: done && !plan.deleted && customer === demo && videos++ < 3 ? SAMPLE_VIDEO_KEY : null,
          prasadTrackingNo: posted && done ? `EK${rng.digits(9)}IN` : null,
        });
      }
    }
    const donationTemple = plan.donation !== null ? pickTemple(plan.donation, new Set()) : undefined;
    const purposes = donationTemple ? (catalog.purposesOfTemple.get(donationTemple.id)?.filter((p) => p.active) ?? []) : [];
    if (donationTemple && purposes.length > 0) {
      const purpose = rng.pick(purposes);
      push({
        itemType: "DONATION",
        templeId: donationTemple.id,
        templePujaId: null,
        donationPurposeId: purpose.id,
        itemName: purpose.name,
        devoteeName: `${customer.firstName} ${customer.lastName}`,
        starId: customer.starId,
        pujaDate: null,
        quantity: 1,
        amount: Number(rng.pick(purpose.presetAmounts.split(","))),
        postalCharge: 0,
        shippingAddressId: null,
        pujaStatus: "booked",
        videoKey: null,
        prasadTrackingNo: null,
      });
    }
    if (own.length === 0) return;
    lines.push(...own);
    const year = yearOf(bookingDay);
    transactions.push({
      id,
      customerId: customer.id,
      bookingDate: timestamp(bookingDay, 0, rng.int(360, 1320)),
      receiptNo: `SN-${year}-${String(seq).padStart(6, "0")}`,
      trackingNo: `TRK${year}${String(seq).padStart(6, "0")}`,
      status: 0,
      deletedAt: plan.deleted ? timestamp(bookingDay, 1, 540) : null,
      total: own.reduce((sum, line) => sum + lineTotal(line), 0),
      // Razorpay-shaped ids the emulator never issues (none of its ids starts with SEED).
      paymentRef: `pay_SEED${year}${String(seq).padStart(6, "0")}`,
      createdAt: timestamp(bookingDay, 0, 300),
    });
  };
  for (const plan of DEMO_PLANS) book(demo, plan, DEMO_DEVOTEES, demoAddressId);
  for (const customer of people.others) {
    const home = addAddress(
      customer,
      `${customer.firstName} ${customer.lastName}`,
      `${customer.houseNo}, ${customer.streetName}`,
      customer.houseName,
      customer.city,
      customer.district,
      customer.state,
      customer.postalCode,
    );
    for (let n = rng.int(0, 3); n > 0; n--) {
      // An empty key means "any online temple".
      book(
        customer,
        { age: rng.int(1, 300), temples: [""], donation: rng.chance(0.4) ? "" : null },
        [[`${customer.firstName} ${customer.lastName}`, customer.starId]],
        rng.chance(0.6) ? home : null,
      );
    }
  }
  return { addresses, transactions, lines, demoAddressId };
}

export function bookable(catalog: Catalog, temple: TempleRow): TemplePujaRow[] {
  return (catalog.pujasOfTemple.get(temple.id) ?? []).filter((tp) => tp.active && tp.bookingMode === "direct");
}
