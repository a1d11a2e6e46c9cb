/** Customers (demo devotee, operator, temple staff, others), temple staff links and priests. */
import { hashPassword } from "../../app/lib/password.server.ts";
import { CUSTOMER_NAMES, HOUSE_NAMES, PRIEST_NAMES } from "./data/people.ts";
import { STATES } from "./data/states.ts";
import type { Catalog } from "./catalog.ts";
import type { Geo } from "./geo.ts";
import { addDays, timestamp } from "./lib/dates.ts";
import { rngFor } from "./lib/random.ts";
import type { TempleRow } from "./temples.ts";

export type Role = "customer" | "staff" | "operator";
export type DemoAccount = {
  email: string;
  password: string;
  role: Role;
  firstName: string;
  lastName: string;
  /** Landmark keys of the temples a staff account manages. */
  temples: readonly string[];
};

/** Sign-in details of the seeded accounts, for scripts and tests to print or use. */
export const DEMO_ACCOUNTS = {
  devotee: {
    email: "devotee@sannidhi.example",
    password: "Devotee@2026",
    role: "customer",
    firstName: "Lakshmi",
    lastName: "Narayanan",
    temples: [],
  },
  operator: {
    email: "operator@sannidhi.example",
    password: "Operator@2026",
    role: "operator",
    firstName: "Deepa",
    lastName: "Raghavan",
    temples: [],
  },
  staffGuruvayur: {
    email: "staff.guruvayur@sannidhi.example",
    password: "Staff@2026",
    role: "staff",
    firstName: "Unnikrishnan",
    lastName: "Nair",
    temples: ["guruvayur", "ambalappuzha"],
  },
  staffMadurai: {
    email: "staff.madurai@sannidhi.example",
    password: "Staff@2026",
    role: "staff",
    firstName: "Senthil",
    lastName: "Kumar",
    temples: ["meenakshi", "thiruparankundram"],
  },
  /** A second operator: a temple's payout bank account changes only with another operator's approval (issue 43). */
  operatorTwo: {
    email: "operator2@sannidhi.example",
    password: "Operator@2026",
    role: "operator",
    firstName: "Arjun",
    lastName: "Pillai",
    temples: [],
  },
  /** A counter clerk (temple_staff.role 'counter'): the Counter and its cash book only (issue 42). */
  counterGuruvayur: {
    email: "counter.guruvayur@sannidhi.example",
    password: "Staff@2026",
    role: "staff",
    firstName: "Sreeja",
    lastName: "Menon",
    temples: ["guruvayur"],
  },
} as const satisfies Record<string, DemoAccount>;

/** Password of the other seeded customers (firstname.lastname@example.com). */
export const OTHER_CUSTOMER_PASSWORD = "Sannidhi@2026";

export type CustomerRow = {
  id: number;
  email: string;
  firstName: string;
  lastName: string;
  phoneMobile: string;
  phoneWired: string;
  houseNo: string;
  houseName: string;
  streetName: string;
  postOffice: string;
  city: string;
  district: string;
  state: string;
  postalCode: string;
  starId: number | null;
  dob: string;
  passwordHash: string;
  verified: boolean;
  role: Role;
  createdAt: string;
  updatedAt: string | null;
};
/** admin: the whole desk (the default); counter: the Counter and its cash book only. */
export type StaffLink = { customerId: number; templeId: number; role?: "admin" | "counter" };
export type PriestRow = { id: number; name: string | null; phone: string };
export type PriestLink = { priestId: number; templeId: number };
export type People = {
  customers: CustomerRow[];
  demo: CustomerRow;
  others: CustomerRow[];
  templeStaff: StaffLink[];
  priests: PriestRow[];
  priestTemples: PriestLink[];
  priestPujas: { priestId: number; pujaId: number }[];
};

export async function generatePeople(geo: Geo, temples: readonly TempleRow[], catalog: Catalog, today: string): Promise<People> {
  const rng = rngFor("people");
  const base = {
    phoneWired: "",
    houseNo: "",
    houseName: "",
    streetName: "",
    postOffice: "",
    city: "",
    district: "",
    state: "",
    postalCode: "",
    starId: null,
    dob: "1990-01-01",
    verified: true,
    updatedAt: null,
  };
  const account = async (id: number, a: DemoAccount, extra: Partial<CustomerRow>): Promise<CustomerRow> => ({
    ...base,
    id,
    email: a.email,
    firstName: a.firstName,
    lastName: a.lastName,
    role: a.role,
    phoneMobile: `9${rng.digits(9)}`,
    passwordHash: await hashPassword(a.password),
    createdAt: timestamp(today, -rng.int(200, 700), rng.int(0, 1439)),
    ...extra,
  });
  const demo = await account(1, DEMO_ACCOUNTS.devotee, {
    phoneMobile: "9847012345",
    phoneWired: "0487 2556789",
    houseNo: "XII/482",
    houseName: "Sreevalsam",
    streetName: "East Nada Road",
    postOffice: "Guruvayur",
    city: "Guruvayur",
    district: "Thrissur",
    state: "Kerala",
    postalCode: "680101",
    starId: 4,
    dob: "1986-08-14",
    createdAt: timestamp(today, -540, 615),
    updatedAt: timestamp(today, -30, 700),
  });
  const customers: CustomerRow[] = [
    demo,
    await account(2, DEMO_ACCOUNTS.operator, { city: "Kochi", district: "Ernakulam", state: "Kerala", postalCode: "682011" }),
    await account(3, DEMO_ACCOUNTS.staffGuruvayur, { city: "Guruvayur", district: "Thrissur", state: "Kerala", postalCode: "680101" }),
    await account(4, DEMO_ACCOUNTS.staffMadurai, { city: "Madurai", district: "Madurai", state: "Tamil Nadu", postalCode: "625001" }),
  ];
  const others: CustomerRow[] = [];
  const hashes = await Promise.all(CUSTOMER_NAMES.map(() => hashPassword(OTHER_CUSTOMER_PASSWORD)));
  for (const [first, last, region] of CUSTOMER_NAMES) {
    const stateData = rng.pick(STATES.filter((s) => s.region === region));
    const state = geo.stateByName.get(stateData.name)!;
    const district = rng.pick(geo.districtsOfState.get(state.id)!);
    const town = rng.pick(district.towns);
    const row: CustomerRow = {
      ...base,
      id: customers.length + 1,
      email: `${first}.${last}@example.com`.toLowerCase(),
      firstName: first,
      lastName: last,
      phoneMobile: `${rng.pick(["9", "8", "7", "6"])}${rng.digits(9)}`,
      houseNo: String(rng.int(1, 240)),
      houseName: region === "kerala" ? rng.pick(HOUSE_NAMES) : "",
      streetName: rng.pick(["Temple Road", "MG Road", "Station Road", "Gandhi Nagar", "Main Street", "Nehru Road"]),
      postOffice: town,
      city: town,
      district: district.name,
      state: state.name,
      postalCode: `${district.pin}${rng.digits(3)}`,
      starId: rng.chance(0.8) ? rng.int(1, 27) : null,
      dob: addDays("1960-01-01", rng.int(0, 15000)),
      passwordHash: hashes[others.length]!,
      role: "customer",
      createdAt: timestamp(today, -rng.int(10, 600), rng.int(0, 1439)),
    };
    customers.push(row);
    others.push(row);
  }
  // The counter clerk comes after every other customer, so no other seeded row changes.
  const clerk = await account(customers.length + 1, DEMO_ACCOUNTS.counterGuruvayur, {
    city: "Guruvayur",
    district: "Thrissur",
    state: "Kerala",
    postalCode: "680101",
  });
  customers.push(clerk);
  customers.push(
    await account(customers.length + 1, DEMO_ACCOUNTS.operatorTwo, {
      city: "Thiruvananthapuram",
      district: "Thiruvananthapuram",
      state: "Kerala",
      postalCode: "695001",
    }),
  );
  const byKey = new Map(temples.filter((t) => t.key).map((t) => [t.key!, t]));
  const online = temples.filter((t) => t.onlineBooking);
  const templeStaff: StaffLink[] = [];
  [DEMO_ACCOUNTS.staffGuruvayur, DEMO_ACCOUNTS.staffMadurai].forEach((a, i) => {
    const own = a.temples.map((k) => byKey.get(k)).filter((t): t is TempleRow => !!t && t.onlineBooking);
    if (own.length === 0 && online.length > 0) own.push(online[i % online.length]!);
    for (const t of own) templeStaff.push({ customerId: customers[2 + i]!.id, templeId: t.id });
  });
  const clerkTemple = byKey.get(DEMO_ACCOUNTS.counterGuruvayur.temples[0]);
  if (clerkTemple?.onlineBooking) templeStaff.push({ customerId: clerk.id, templeId: clerkTemple.id, role: "counter" });
  return { customers, demo, others, templeStaff, ...generatePriests(temples, catalog) };
}

function generatePriests(temples: readonly TempleRow[], catalog: Catalog) {
  const rng = rngFor("priests");
  const online = temples.filter((t) => t.onlineBooking);
  const byState = new Map<number, TempleRow[]>();
  for (const t of temples) byState.set(t.state.id, [...(byState.get(t.state.id) ?? []), t]);
  const count = Math.max(300, Math.round(temples.length * 0.35));
  const priests: PriestRow[] = [];
  const priestTemples: PriestLink[] = [];
  const priestPujas: { priestId: number; pujaId: number }[] = [];
  for (let id = 1; id <= count; id++) {
    const first = online.length > 0 && rng.chance(0.8) ? rng.pick(online) : rng.pick(temples);
    const names = PRIEST_NAMES[first.region];
    const title = rng.pick(names.titles);
    const full = `${title ? `${title} ` : ""}${rng.pick(names.first)} ${rng.pick(names.last)}`;
    // About 3% have no name on record (the priests filter treats them as a blank).
    const name = id % 33 === 7 ? null : full;
    priests.push({ id, name, phone: `${rng.pick(["9", "8", "7"])}${rng.digits(9)}` });
    const mine = [first];
    const nearby = byState.get(first.state.id)!;
    for (let extra = rng.int(0, 2); extra > 0; extra--) {
      const t = rng.pick(nearby);
      if (!mine.includes(t)) mine.push(t);
    }
    for (const t of mine) priestTemples.push({ priestId: id, templeId: t.id });
    const offered = [...new Set(mine.flatMap((t) => (catalog.pujasOfTemple.get(t.id) ?? []).map((tp) => tp.pujaId)))];
    const pujaIds = rng.sample(offered, rng.int(2, 6));
    for (const fallback of [1, 6, 3, 2]) if (pujaIds.length < 2 && !pujaIds.includes(fallback)) pujaIds.push(fallback);
    for (const pujaId of pujaIds) priestPujas.push({ priestId: id, pujaId });
  }
  return { priests, priestTemples, priestPujas };
}
