/**
 * Trust (issue 27): which temples are verified, their trusts as the operator checked them, what
 * each donation purpose is for, and donations enough for the "Donations received" pages. Every
 * temple that takes online bookings is verified (the tests and the demo book at them), except two
 * left for the demo: Vaikom (nothing checked yet) and Thiruparankundram (documents checked, its
 * staff, staff.madurai@…, have not confirmed the listing). Guruvayur has a valid 80G registration
 * (the demo devotee gave there), Ambalappuzha's has expired, and Attukal's covers renovation only.
 */
import type { Bookings } from "./bookings.ts";
import type { DonationPurposeRow } from "./catalog.ts";
import { addDays, timestamp } from "./lib/dates.ts";
import { rngFor } from "./lib/random.ts";
import type { CustomerRow } from "./people.ts";
import type { TempleRow } from "./temples.ts";

export const UNVERIFIED_KEYS = { nothingChecked: "vaikom", notConfirmed: "thiruparankundram" } as const;

export type TrustRow = {
  templeId: number;
  trustName: string;
  trustAddress: string;
  registrationNo: string;
  bankAccountHolder: string;
  authorisedPerson: string;
  checkedPan: string | null;
  checked80g: string | null;
  valid80gFrom: string | null;
  valid80gTo: string | null;
  renovationOnly: boolean;
  documentsCheckedAt: string | null;
  documentsCheckedBy: number | null;
  staffConfirmedAt: string | null;
  staffConfirmedBy: number | null;
};

/** What each seeded purpose is for, as a temple would say it on its "Donations received" page. */
export const PURPOSE_DESCRIPTIONS: Record<string, string> = {
  "General Donation": "Daily rituals, lamps and the upkeep of the temple, wherever the need is greatest.",
  "Annadanam Fund": "Free meals served to devotees and pilgrims every day after the noon puja.",
  "Temple Renovation": "Repair and renovation of the temple's buildings, roofs and the sanctum's surroundings.",
  "Gau Seva": "Fodder, shelter and care for the temple's cows.",
  "Vedic School Support": "Teachers, books and meals for the students of the temple's Veda patasala.",
  "Festival Fund": "Decorations, music and processions of the annual festival.",
  "Deepam Oil Fund": "Oil and ghee for the lamps lit at every puja.",
  "Temple Tank Restoration": "Cleaning, desilting and repairing the steps of the temple tank.",
  "Priests' Welfare Fund": "Medical care and support for the temple's priests and their families.",
  "Flower Garden Upkeep": "The garden that grows flowers for the daily pujas.",
};

/** Renovation purposes: the only ones a renovation-only (80G(2)(b)) registration covers. */
export const RENOVATION_PURPOSES = new Set(["Temple Renovation", "Temple Tank Restoration"]);

const FIRST_NAMES = [
  "K. Raghavan",
  "P. Sreedharan",
  "M. Venkataraman",
  "S. Lakshmanan",
  "R. Subramaniam",
  "V. Gopalakrishnan",
  "T. Narayana Rao",
];

/**
 * Verification and trusts. Temples that take online bookings get a trust; those with a PAN keep
 * their 80G registration, valid from April three years back to March of next year's financial year.
 */
export function generateTrust(
  temples: readonly TempleRow[],
  people: { staff: ReadonlyMap<number, number>; operatorId: number },
  today: string,
) {
  const rng = rngFor("trust");
  const byKey = new Map(temples.filter((t) => t.key).map((t) => [t.key!, t]));
  // Guruvayur takes 80G donations in the demo (the demo devotee gave there).
  for (const key of ["guruvayur", "ambalappuzha", "attukal"]) {
    const temple = byKey.get(key);
    if (temple && !temple.pan) {
      temple.pan = `AAATG${String(1000 + temple.id).slice(-4)}${"KLMNP"[temple.id % 5]}`;
      temple.registration80g = `${temple.pan}F2022${(temple.id % 9) + 1}`;
    }
  }
  const year = Number(today.slice(0, 4)) - (Number(today.slice(5, 7)) >= 4 ? 0 : 1);
  const validFrom = `${year - 3}-04-01`;
  const validTo = `${year + 1}-03-31`;
  const rows: TrustRow[] = [];
  const verified = new Set<number>();
  for (const temple of temples) {
    if (!temple.onlineBooking) continue;
    if (temple.key === UNVERIFIED_KEYS.nothingChecked) continue;
    const checkedOn = addDays(today, -rng.int(20, 400));
    const name = temple.name.replace(/,.*$/, "");
    const trustName = temple.key === "guruvayur" ? "Guruvayur Devaswom" : `${name} Devaswom Trust`;
    const has80g = Boolean(temple.registration80g);
    const expired = temple.key === "ambalappuzha";
    const notConfirmed = temple.key === UNVERIFIED_KEYS.notConfirmed;
    rows.push({
      templeId: temple.id,
      trustName,
      trustAddress: `${temple.streetName}, ${temple.place}, ${temple.district.name} District, ${temple.state.name}`,
      registrationNo: `${temple.state.name.slice(0, 2).toUpperCase()}/TR/${rng.int(100, 9999)}/${rng.int(1950, 2015)}`,
      bankAccountHolder: trustName,
      authorisedPerson: `${rng.pick(FIRST_NAMES)}, Executive Officer`,
      checkedPan: temple.pan,
      checked80g: temple.registration80g,
      valid80gFrom: has80g ? (expired ? `${year - 6}-04-01` : validFrom) : null,
      valid80gTo: has80g ? (expired ? `${year - 1}-03-31` : validTo) : null,
      renovationOnly: has80g && temple.key === "attukal",
      documentsCheckedAt: timestamp(checkedOn, 0, rng.int(600, 1000)),
      documentsCheckedBy: people.operatorId,
      staffConfirmedAt: notConfirmed ? null : timestamp(addDays(checkedOn, rng.int(1, 10)), 0, rng.int(600, 1000)),
      // Temples without desk staff in the seed: the operator recorded their confirmation for them.
      staffConfirmedBy: notConfirmed ? null : (people.staff.get(temple.id) ?? people.operatorId),
    });
    if (!notConfirmed) verified.add(temple.id);
  }
  return { rows, verified };
}

export type OpenBooksDonation = { customer: CustomerRow; templeId: number; purpose: DonationPurposeRow; day: string; amount: number };

/**
 * Donations from the seeded devotees at Guruvayur over the last three months, enough that its
 * "Donations received" page shows months and purposes of their own (and a rarely chosen purpose
 * folded into "other").
 */
export function openBooksDonations(
  temples: readonly TempleRow[],
  purposesOfTemple: ReadonlyMap<number, DonationPurposeRow[]>,
  customers: readonly CustomerRow[],
  today: string,
): OpenBooksDonation[] {
  const rng = rngFor("open-books");
  const guruvayur = temples.find((t) => t.key === "guruvayur");
  const purposes = guruvayur ? (purposesOfTemple.get(guruvayur.id) ?? []).filter((p) => p.active) : [];
  if (!guruvayur || purposes.length === 0 || customers.length === 0) return [];
  const [main, ...rest] = purposes;
  const out: OpenBooksDonation[] = [];
  for (let month = 0; month < 3; month++) {
    for (let n = 0; n < 7; n++) {
      // The first purpose gets most; the last a few (folded into "other" on the page).
      const purpose = n < 6 || rest.length === 0 ? main! : rest.at(-1)!;
      out.push({
        customer: rng.pick(customers),
        templeId: guruvayur.id,
        purpose,
        day: addDays(today, -(month * 30 + rng.int(1, 28))),
        amount: Number(rng.pick(purpose.presetAmounts.split(","))),
      });
    }
  }
  return out;
}

/** Books the open-books donations as completed transactions after the others (their numbers follow on). */
export function bookDonations(bookings: Bookings, donations: readonly OpenBooksDonation[]) {
  for (const donation of donations) {
    const id = bookings.transactions.length + 1;
    const seq = 100 + id;
    const year = donation.day.slice(0, 4);
    const lineId = bookings.lines.length + 1;
    bookings.lines.push({
      id: lineId,
      transactionId: id,
      itemType: "DONATION",
      templeId: donation.templeId,
      templePujaId: null,
      donationPurposeId: donation.purpose.id,
      itemName: donation.purpose.name,
      devoteeName: `${donation.customer.firstName} ${donation.customer.lastName}`,
      starId: donation.customer.starId,
      pujaDate: null,
      quantity: 1,
      amount: donation.amount,
      postalCharge: 0,
      shippingAddressId: null,
      pujaStatus: "booked",
      videoKey: null,
      prasadTrackingNo: null,
    });
    bookings.transactions.push({
      id,
      customerId: donation.customer.id,
      bookingDate: timestamp(donation.day, 0, 600 + (id % 600)),
      receiptNo: `SN-${year}-${String(seq).padStart(6, "0")}`,
      trackingNo: `TRK${year}${String(seq).padStart(6, "0")}`,
      status: 0,
      deletedAt: null,
      total: donation.amount,
      // Razorpay-shaped ids the emulator never issues (none of its ids starts with SEED).
      paymentRef: `pay_SEED${year}${String(seq).padStart(6, "0")}`,
      createdAt: timestamp(donation.day, 0, 590),
    });
  }
}
