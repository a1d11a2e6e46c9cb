/** Pujas offered by each temple, donation purposes and multi-temple packages. */
import { LANDMARK_SEVAS } from "./data/landmark-sevas.ts";
import { DONATION_PURPOSES } from "./data/naming.ts";
import { packageImage } from "./data/images.ts";
import { PACKAGES } from "./data/packages.ts";
import { PUJAS } from "./data/pujas.ts";
import type { PujaData } from "./data/pujas.ts";
import { rngFor } from "./lib/random.ts";
import type { Rng } from "./lib/random.ts";
import type { TempleRow } from "./temples.ts";

export type TemplePujaRow = {
  id: number;
  templeId: number;
  pujaId: number;
  pujaName: string;
  rate: number;
  postalCharge: number;
  bookingMode: "direct" | "request";
  daysOffered: string;
  active: boolean;
  /** Seats a day (null: unlimited) and one devotee's limit a day (null: none). */
  dailyCapacity?: number | null;
  perDevoteeLimit?: number | null;
};
/** A weekday's (0 = Sunday) or a date's own capacity for a limited puja. */
export type CapacityRuleRow = { templePujaId: number; weekday: number | null; day: string | null; capacity: number };
export type DonationPurposeRow = { id: number; templeId: number; name: string; presetAmounts: string; active: boolean };
export type PackageRow = {
  id: number;
  name: string;
  short: string;
  description: string;
  imagePath: string;
  displayOrder: number;
  active: boolean;
};
export type PackageItemRow = { packageId: number; templePujaId: number; quantity: number };

export type Catalog = {
  templePujas: TemplePujaRow[];
  capacityRules: CapacityRuleRow[];
  pujasOfTemple: Map<number, TemplePujaRow[]>;
  donationPurposes: DonationPurposeRow[];
  purposesOfTemple: Map<number, DonationPurposeRow[]>;
  packages: PackageRow[];
  packageItems: PackageItemRow[];
};

/** Rupee amounts temples like to charge. */
const NICE_RATES = [
  10, 20, 25, 30, 40, 50, 51, 60, 75, 100, 101, 120, 150, 200, 250, 251, 300, 350, 400, 500, 501, 600, 750, 1000, 1001, 1100, 1500, 2000,
  2100, 2500, 3000, 3500, 4000, 5000, 5001, 5100, 6000, 7500, 10000, 11000, 12000, 15000, 20000, 21000, 25000,
];
const POSTAL = [40, 50, 60, 75, 80, 100, 120, 150];
const PUJA_ID = new Map(PUJAS.map((p, i) => [p.name, i + 1]));

function ratePaise(rng: Rng, puja: PujaData): number {
  const fits = NICE_RATES.filter((r) => r >= puja.min && r <= puja.max);
  const rupees = fits.length > 0 ? rng.pick(fits) : puja.min;
  const odd = rupees < 100 && rng.chance(0.05) ? 50 : 0;
  return rupees * 100 + odd;
}

function choosePujas(rng: Rng, temple: TempleRow, count: number): PujaData[] {
  const allowed = PUJAS.filter((p) => !p.regions || p.regions.includes(temple.region));
  const specific = rng.shuffle(allowed.filter((p) => p.for.some((d) => temple.deities.includes(d))));
  const generic = rng.shuffle(allowed.filter((p) => p.for.includes("*") && !specific.includes(p)));
  const chosen: PujaData[] = [];
  const signature = allowed.find((p) => p.name === temple.signaturePuja);
  if (signature) chosen.push(signature);
  while (chosen.length < count && (specific.length > 0 || generic.length > 0)) {
    const from = specific.length > 0 && (generic.length === 0 || rng.chance(0.6)) ? specific : generic;
    const next = from.shift()!;
    if (!chosen.includes(next)) chosen.push(next);
  }
  return chosen;
}

export function generateCatalog(temples: readonly TempleRow[]): Catalog {
  const rng = rngFor("catalog");
  const templePujas: TemplePujaRow[] = [];
  const pujasOfTemple = new Map<number, TemplePujaRow[]>();
  const donationPurposes: DonationPurposeRow[] = [];
  const purposesOfTemple = new Map<number, DonationPurposeRow[]>();
  for (const temple of temples) {
    const count = temple.onlineBooking ? rng.int(4, 10) : rng.int(1, 4);
    const own: TemplePujaRow[] = [];
    for (const puja of choosePujas(rng, temple, count)) {
      const request = puja.request ? rng.chance(0.7) : rng.chance(0.1);
      const days = puja.days
        ? rng.chance(0.75)
          ? puja.days[0]!
          : rng.pick(puja.days)
        : rng.chance(0.92)
          ? "0123456"
          : rng.pick(["12345", "0246", "135", "06", "1", "5"]);
      own.push({
        id: templePujas.length + own.length + 1,
        templeId: temple.id,
        pujaId: PUJA_ID.get(puja.name)!,
        pujaName: puja.name,
        rate: ratePaise(rng, puja),
        postalCharge: puja.post && rng.chance(0.7) ? rng.pick(POSTAL) * 100 : 0,
        bookingMode: request ? "request" : "direct",
        daysOffered: days,
        active: rng.chance(0.97),
      });
    }
    // Landmark temples always have at least one offering that needs the temple's confirmation.
    if (temple.key && temple.onlineBooking && !own.some((tp) => tp.bookingMode === "request") && own.length > 1) {
      const dearest = own.reduce((a, b) => (b.rate > a.rate ? b : a));
      dearest.bookingMode = "request";
    }
    // A temple that takes bookings keeps at least one active direct puja.
    if (temple.onlineBooking && !own.some((tp) => tp.active && tp.bookingMode === "direct")) {
      own[0]!.bookingMode = "direct";
      own[0]!.active = true;
    }
    templePujas.push(...own);
    pujasOfTemple.set(temple.id, own);
    if (temple.onlineBooking) {
      const purposes = [DONATION_PURPOSES[0]!, ...rng.sample(DONATION_PURPOSES.slice(1), rng.int(1, 3))];
      const rows = purposes.map(([name, presets], i) => ({
        id: donationPurposes.length + i + 1,
        templeId: temple.id,
        name,
        presetAmounts: presets,
        active: true,
      }));
      if (rows.length > 2 && rng.chance(0.1)) rows[rows.length - 1]!.active = false;
      donationPurposes.push(...rows);
      purposesOfTemple.set(temple.id, rows);
    }
  }
  ensureRequestable(temples, { templePujas, pujasOfTemple });
  const { packages, packageItems } = generatePackages(rng, temples, pujasOfTemple);
  const capacityRules = limitSevas(temples, { templePujas, pujasOfTemple });
  addLandmarkSevas(temples, templePujas);
  return { templePujas, pujasOfTemple, donationPurposes, purposesOfTemple, packages, packageItems, capacityRules };
}

/**
 * Real limits at landmark temples, so a newcomer sees them after `npm start`: one
 * Udayasthamana Pooja a day at Guruvayur (one devotee sponsors the whole day), and a few
 * direct pujas at the demo staff's temples with a handful of seats a day ("3 left"), more on
 * Sundays, none on one festival day. A missing puja is added after every generated row, so no
 * other row's id moves.
 */
function limitSevas(temples: readonly TempleRow[], catalog: Pick<Catalog, "templePujas" | "pujasOfTemple">): CapacityRuleRow[] {
  const byKey = new Map(temples.filter((t) => t.key && t.onlineBooking).map((t) => [t.key!, t]));
  const rules: CapacityRuleRow[] = [];
  const guruvayur = byKey.get("guruvayur");
  if (guruvayur) {
    const own = catalog.pujasOfTemple.get(guruvayur.id) ?? [];
    let udayasthamana = own.find((tp) => tp.pujaName === "Udayasthamana Pooja");
    if (!udayasthamana) {
      udayasthamana = {
        id: catalog.templePujas.length + 1,
        templeId: guruvayur.id,
        pujaId: PUJA_ID.get("Udayasthamana Pooja")!,
        pujaName: "Udayasthamana Pooja",
        rate: 2_000_000,
        postalCharge: 0,
        bookingMode: "request",
        daysOffered: "0123456",
        active: true,
      };
      catalog.templePujas.push(udayasthamana);
      own.push(udayasthamana);
    }
    udayasthamana.active = true;
    udayasthamana.dailyCapacity = 1;
    udayasthamana.perDevoteeLimit = 1;
  }
  for (const key of ["guruvayur", "meenakshi"]) {
    const temple = byKey.get(key);
    // The dearest direct puja done at the temple only (no prasad by post): a homam or an
    // abhishekam that needs priests and hours. Pujas sent by post stay unlimited.
    const direct = (catalog.pujasOfTemple.get(temple?.id ?? -1) ?? []).filter((tp) => tp.active && tp.bookingMode === "direct");
    const local = direct.filter((tp) => tp.postalCharge === 0);
    const limited = direct.length > 1 && local.length > 0 ? local.reduce((a, b) => (b.rate > a.rate ? b : a)) : undefined;
    if (!limited) continue;
    limited.dailyCapacity = 5;
    limited.perDevoteeLimit = 2;
    rules.push({ templePujaId: limited.id, weekday: 0, day: null, capacity: 8 });
  }
  return rules;
}

/**
 * The sevas landmark temples are known for (data/landmark-sevas.ts), at their own prices and
 * limits. Added after every generated row and kept out of `pujasOfTemple`, so no other row's
 * id moves and the demo bookings, requests and packages drawn from the generated rows stay as
 * they were; a seva the temple already offers is left as generated.
 */
function addLandmarkSevas(temples: readonly TempleRow[], templePujas: TemplePujaRow[]) {
  for (const temple of temples) {
    const sevas = temple.key && temple.onlineBooking ? LANDMARK_SEVAS[temple.key] : undefined;
    for (const seva of sevas ?? []) {
      const pujaId = PUJA_ID.get(seva.puja);
      if (pujaId === undefined) throw new Error(`landmark seva ${seva.puja} is not a master puja`);
      if (templePujas.some((tp) => tp.templeId === temple.id && tp.pujaId === pujaId)) continue;
      templePujas.push({
        id: templePujas.length + 1,
        templeId: temple.id,
        pujaId,
        pujaName: seva.puja,
        rate: seva.rate * 100,
        postalCharge: (seva.post ?? 0) * 100,
        bookingMode: "direct",
        daysOffered: seva.days ?? "0123456",
        active: true,
        dailyCapacity: seva.seats?.daily ?? null,
        perDevoteeLimit: seva.seats?.perDevotee ?? null,
      });
    }
  }
}

/** Request-mode pujas the seed can use; on tiny seeds some pujas are switched to request mode. */
function ensureRequestable(temples: readonly TempleRow[], catalog: Pick<Catalog, "templePujas" | "pujasOfTemple">): TemplePujaRow[] {
  const online = new Set(temples.filter((t) => t.onlineBooking).map((t) => t.id));
  const rows = catalog.templePujas.filter((tp) => tp.active && online.has(tp.templeId));
  const found = rows.filter((tp) => tp.bookingMode === "request");
  for (const tp of rows.slice().reverse()) {
    if (found.length >= 6) break;
    const siblings = catalog.pujasOfTemple.get(tp.templeId)!;
    const directLeft = siblings.filter((s) => s.active && s.bookingMode === "direct" && s !== tp).length;
    if (tp.bookingMode === "direct" && directLeft > 0) {
      tp.bookingMode = "request";
      found.push(tp);
    }
  }
  return found;
}

function bookable(pujas: readonly TemplePujaRow[] | undefined): TemplePujaRow[] {
  return (pujas ?? []).filter((tp) => tp.active && tp.bookingMode === "direct");
}

function generatePackages(rng: Rng, temples: readonly TempleRow[], pujasOfTemple: Map<number, TemplePujaRow[]>) {
  const byKey = new Map(temples.filter((t) => t.key).map((t) => [t.key!, t]));
  const online = temples.filter((t) => t.onlineBooking && bookable(pujasOfTemple.get(t.id)).length > 0);
  const packages: PackageRow[] = [];
  const packageItems: PackageItemRow[] = [];
  PACKAGES.forEach((data, index) => {
    const id = index + 1;
    packages.push({
      id,
      name: data.name,
      short: data.short,
      description: data.description,
      imagePath: packageImage(id),
      displayOrder: id,
      active: data.active,
    });
    const chosen: TemplePujaRow[] = [];
    for (const key of data.temples) {
      const temple = byKey.get(key);
      const options = temple?.onlineBooking ? bookable(pujasOfTemple.get(temple.id)) : [];
      const preferred = data.prefer.map((name) => options.find((tp) => tp.pujaName === name)).find(Boolean);
      const pick = preferred ?? options[0];
      if (pick) chosen.push(pick);
    }
    // Small seeds may lack the package's temples: fill up from other online temples.
    for (const temple of rng.shuffle(online)) {
      if (chosen.length >= 2) break;
      const pick = bookable(pujasOfTemple.get(temple.id))[0]!;
      if (!chosen.includes(pick)) chosen.push(pick);
    }
    for (const tp of chosen) packageItems.push({ packageId: id, templePujaId: tp.id, quantity: 1 });
  });
  return { packages, packageItems };
}
