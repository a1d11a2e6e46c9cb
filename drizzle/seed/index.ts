/**
 * Deterministic seed for Sannidhi's D1 database. `generateSeed` returns the SQL statements
 * (multi-row INSERTs) that fill every table of an empty, migrated database. The same
 * options always give the same rows; only password-hash salts differ between runs.
 */
import { DEMO_TEMPLE_KEYS, generateBookings } from "./bookings.ts";
import { generateCatalog } from "./catalog.ts";
import { ledgerSeedStatements } from "./ledger.ts";
import { demoPayoutTransfers, PAYOUT_TRANSFER_COLUMNS } from "./payouts.ts";
import { generateEnquiries, generateMessages } from "./content.ts";
import { DEITIES } from "./data/deities.ts";
import { deityImage } from "./data/images.ts";
import { PACKAGES } from "./data/packages.ts";
import { PUJAS } from "./data/pujas.ts";
import { STARS } from "./data/stars.ts";
import { descriptionText, PUJA_DESCRIPTIONS } from "./data/puja-descriptions.ts";
import { GENERATED_DESCRIPTIONS } from "./data/temple-descriptions.ts";
import { DEITY_NAMES, type Names, type OtherLocale, PUJA_NAMES, STAR_NAMES } from "./data/names-in-languages.ts";
import { buildGeo } from "./geo.ts";
import { assertDay } from "./lib/dates.ts";
import { insertStatements } from "./lib/sql.ts";
import type { Row } from "./lib/sql.ts";
import { DEMO_ACCOUNTS, generatePeople } from "./people.ts";
import { DEMO_LINKED_ACCOUNTS } from "./payout-accounts.ts";
import { demoReleases } from "./releases.ts";
import { generateRequests } from "./requests.ts";
import { DEITY_BY_SLUG, generateTemples, type TempleRow } from "./temples.ts";
import { bookDonations, generateTrust, openBooksDonations, PURPOSE_DESCRIPTIONS, RENOVATION_PURPOSES } from "./trust.ts";
import { SEARCH_KEYS_VERSION, templeSearchKeys } from "../../app/domain/catalog/search-keys.ts";
import { prominenceSeedStatements } from "../../app/domain/catalog/prominence.ts";
import { LANDMARK_ALIASES, LANDMARK_WEIGHT, PILGRIMAGE_WEIGHTS } from "./data/landmark-aliases.ts";
import { LANDMARK_NAMES } from "./data/landmark-names.ts";
import { ANNOUNCEMENT_TEXTS, LANDMARK_DESCRIPTION, PURPOSE_TEXTS, STATE_NAMES } from "./data/content-in-languages.ts";

export { DEMO_ACCOUNTS, OTHER_CUSTOMER_PASSWORD } from "./people.ts";

/** The demo temples of drizzle/seed/payout-accounts.ts that this seed has, online and verified, with their rows' values. */
function demoPayoutAccounts(temples: readonly TempleRow[], verified: ReadonlySet<number>, day: string) {
  const byKey = new Map(temples.filter((t) => t.key).map((t) => [t.key!, t]));
  return DEMO_LINKED_ACCOUNTS.flatMap((demo) => {
    const temple = byKey.get(demo.key);
    if (!temple?.onlineBooking || !verified.has(temple.id)) return [];
    const details = [temple.id, demo.legalName, "trust", demo.contactName, demo.email, demo.phone, temple.pan];
    return [
      {
        details: [...details, demo.beneficiaryName, demo.accountNumber, demo.ifsc],
        accountId: demo.accountId,
        productId: demo.productId,
        requestedAt: `${day}T05:30:00.000Z`,
        approvedAt: `${day}T06:15:00.000Z`,
      },
    ];
  });
}
export type { DemoAccount } from "./people.ts";
export { SAMPLE_VIDEO_KEY } from "./bookings.ts";

const OTHER_LOCALES: readonly OtherLocale[] = ["hi", "ta", "ml", "te", "kn"];

export type SeedOptions = {
  /** Number of temples (default 1,000; tested up to 10,000). */
  temples: number;
  /** The day the data is relative to, YYYY-MM-DD (events upcoming, bookings past...). */
  today: string;
};

/** Every table, parents before children: the insert order, and the order to count rows in. */
export const SEED_TABLES = [
  "stars",
  "states",
  "districts",
  "deities",
  "pujas",
  "temples",
  "temple_aliases",
  "temple_search_keys",
  "temple_deities",
  "temple_pujas",
  "puja_releases",
  "donation_purposes",
  "packages",
  "package_items",
  "customers",
  "temple_staff",
  "temple_trust",
  "temple_fees",
  "payout_account_changes",
  "temple_payout_accounts",
  "addresses",
  "transactions",
  "transaction_lines",
  "requests",
  "puja_capacity_rules",
  "favourites",
  "messages",
  "priests",
  "priest_temples",
  "priest_pujas",
  "temple_registrations",
  "job_enquiries",
  "contact_requests",
  "newsletter_subscriptions",
  "signup_verifications",
  "password_resets",
  "content_translations",
] as const;

export async function generateSeed(options: SeedOptions): Promise<string[]> {
  const count = Math.floor(options.temples);
  if (!Number.isFinite(count) || count < 1 || count > 100_000) throw new Error(`temples must be 1..100000, got ${options.temples}`);
  assertDay(options.today);
  const today = options.today;
  const geo = buildGeo();
  const mustBeOnline = new Set([
    ...PACKAGES.flatMap((p) => p.temples),
    ...Object.values(DEMO_ACCOUNTS).flatMap((a) => a.temples),
    ...DEMO_TEMPLE_KEYS,
  ]);
  const temples = generateTemples(geo, count, today, mustBeOnline);
  const catalog = generateCatalog(temples);
  const people = await generatePeople(geo, temples, catalog, today);
  const bookings = generateBookings(temples, catalog, people, today);
  const { requests, favourites, signups, resets } = await generateRequests(temples, catalog, people, bookings, today);
  // Verified temples and their trusts; donations for the "Donations received" pages (issue 27).
  const operatorId = people.customers.find((c) => c.email === DEMO_ACCOUNTS.operator.email)!.id;
  // The temple's admin confirms its trust details (a counter clerk does not).
  const staffOf = new Map(people.templeStaff.filter((s) => s.role !== "counter").map((s) => [s.templeId, s.customerId]));
  const trust = generateTrust(temples, { staff: staffOf, operatorId }, today);
  bookDonations(bookings, openBooksDonations(temples, catalog.purposesOfTemple, people.others, today));
  const messages = generateMessages(temples, today);
  const enquiries = generateEnquiries(today);
  const deityId = (slug: string) => DEITY_BY_SLUG.get(slug)!.order;

  const out: string[] = [];
  const insert = (table: (typeof SEED_TABLES)[number], columns: string, rows: readonly Row[]) => {
    out.push(...insertStatements(table, columns.split(/,\s*/), rows));
  };
  insert(
    "stars",
    "id, name",
    STARS.map((name, i) => [i + 1, name]),
  );
  insert(
    "states",
    "id, name",
    geo.states.map((s) => [s.id, s.name]),
  );
  insert(
    "districts",
    "id, state_id, name",
    geo.districts.map((d) => [d.id, d.stateId, d.name]),
  );
  insert(
    "deities",
    "id, name, image_path, display_order",
    DEITIES.map((d) => [d.order, d.name, deityImage(d.slug), d.order]),
  );
  insert(
    "pujas",
    "id, name, description",
    PUJAS.map((p, i) => [i + 1, p.name, p.description]),
  );
  insert(
    "temples",
    "id, slug, name, display_name, image_url, street_name, district_id, state_id, description, " +
      "meta_description, website, online_booking, is_assisted, registration_80g, pan, verified, phone, " +
      "email, pilgrimage_weight, created_at",
    temples.map((t) => [
      t.id,
      t.slug,
      t.name,
      t.displayName,
      t.imageUrl,
      t.streetName,
      t.district.id,
      t.state.id,
      t.description,
      t.metaDescription,
      t.website,
      t.onlineBooking,
      t.isAssisted,
      t.registration80g,
      t.pan,
      trust.verified.has(t.id),
      t.phone,
      t.email,
      t.key ? (PILGRIMAGE_WEIGHTS[t.key] ?? LANDMARK_WEIGHT) : 0,
      t.createdAt,
    ]),
  );
  // The names devotees use for the landmark temples, in the six languages' scripts, approved.
  const aliasesOf = (t: (typeof temples)[number]) =>
    t.key && LANDMARK_ALIASES[t.key]
      ? Object.entries(LANDMARK_ALIASES[t.key]!).flatMap(([language, names]) => names.map((text) => ({ language, text })))
      : [];
  insert(
    "temple_aliases",
    "temple_id, text, language, status, created_at",
    temples.flatMap((t) => aliasesOf(t).map((alias) => [t.id, alias.text, alias.language, "approved", t.createdAt])),
  );
  // The landmark temples' names in the other five languages: the desk's name variants, and searched too.
  const namesOf = (t: (typeof temples)[number]) => (t.key ? Object.values(LANDMARK_NAMES[t.key] ?? {}) : []);
  const deityNames = (t: (typeof temples)[number]) => t.deities.map((slug) => DEITY_BY_SLUG.get(slug)!.name);
  insert(
    "temple_search_keys",
    "temple_id, keys, version, aliases, deities",
    temples.map((t) => {
      const aliases = [...aliasesOf(t).map((alias) => alias.text), ...namesOf(t)];
      const deities = deityNames(t);
      return [
        t.id,
        templeSearchKeys({ name: t.name, displayName: t.displayName, district: t.district.name, aliases, deities }),
        SEARCH_KEYS_VERSION,
        aliases.join("\n"),
        deities.join("\n"),
      ];
    }),
  );
  insert(
    "temple_deities",
    "temple_id, deity_id, is_principal",
    temples.flatMap((t) => t.deities.map((slug, i) => [t.id, deityId(slug), i === 0])),
  );
  insert(
    "temple_pujas",
    "id, temple_id, puja_id, rate, postal_charge, booking_mode, days_offered, active",
    catalog.templePujas.map((tp) => [tp.id, tp.templeId, tp.pujaId, tp.rate, tp.postalCharge, tp.bookingMode, tp.daysOffered, tp.active]),
  );
  insert(
    "puja_releases",
    "id, temple_id, kind, first_day, last_day, opens_at, admission, admit_per_minute, lobby_minutes, rush_minutes, pass_minutes",
    demoReleases(temples, today).map((r) => [
      r.id,
      r.templeId,
      r.kind,
      r.firstDay,
      r.lastDay,
      r.opensAt,
      r.admission,
      r.admitPerMinute,
      r.lobbyMinutes,
      r.rushMinutes,
      r.passMinutes,
    ]),
  );
  insert(
    "donation_purposes",
    "id, temple_id, name, preset_amounts, description, renovation, active",
    catalog.donationPurposes.map((d) => [
      d.id,
      d.templeId,
      d.name,
      d.presetAmounts,
      PURPOSE_DESCRIPTIONS[d.name] ?? "",
      RENOVATION_PURPOSES.has(d.name),
      d.active,
    ]),
  );
  insert(
    "packages",
    "id, name, home_page_short_desc, description, image_path, display_order, active",
    catalog.packages.map((p) => [p.id, p.name, p.short, p.description, p.imagePath, p.displayOrder, p.active]),
  );
  insert(
    "package_items",
    "package_id, temple_puja_id, quantity",
    catalog.packageItems.map((i) => [i.packageId, i.templePujaId, i.quantity]),
  );
  insert(
    "customers",
    "id, email, first_name, last_name, phone_mobile, phone_wired, house_no, house_name, street_name, " +
      "post_office, city, district, state, country, postal_code, star_id, dob, pan, password_hash, " +
      "verified, role, created_at, updated_at",
    people.customers.map((c) => [
      c.id,
      c.email,
      c.firstName,
      c.lastName,
      c.phoneMobile,
      c.phoneWired,
      c.houseNo,
      c.houseName,
      c.streetName,
      c.postOffice,
      c.city,
      c.district,
      c.state,
      "India",
      c.postalCode,
      c.starId,
      c.dob,
      // The demo devotee's PAN, saved once for their 80G receipts.
      c.id === people.demo.id ? "AKLPN4821Q" : null,
      c.passwordHash,
      c.verified,
      c.role,
      c.createdAt,
      c.updatedAt,
    ]),
  );
  insert(
    "temple_staff",
    "customer_id, temple_id, role",
    people.templeStaff.map((s) => [s.customerId, s.templeId, s.role ?? "admin"]),
  );
  insert(
    "temple_trust",
    "temple_id, trust_name, trust_address, registration_no, bank_account_holder, authorised_person, " +
      "checked_pan, checked_80g, valid_80g_from, valid_80g_to, renovation_only, documents_checked_at, " +
      "documents_checked_by, staff_confirmed_at, staff_confirmed_by",
    trust.rows.map((r) => [
      r.templeId,
      r.trustName,
      r.trustAddress,
      r.registrationNo,
      r.bankAccountHolder,
      r.authorisedPerson,
      r.checkedPan,
      r.checked80g,
      r.valid80gFrom,
      r.valid80gTo,
      r.renovationOnly,
      r.documentsCheckedAt,
      r.documentsCheckedBy,
      r.staffConfirmedAt,
      r.staffConfirmedBy,
    ]),
  );
  // The platform's fee (issue 43): 5% on pujas, none on donations, at every temple taking
  // online bookings, from the seed's first booking day, so the statements show a fee from the start.
  const feesFrom = ([...bookings.transactions.map((t) => t.bookingDate)].sort()[0] ?? today).slice(0, 10);
  insert(
    "temple_fees",
    "temple_id, kind, percent_basis_points, fixed_paise, effective_from, set_by, created_at",
    temples.filter((t) => t.onlineBooking).map((t) => [t.id, "puja", 500, 0, feesFrom, operatorId, `${feesFrom}T00:00:00.000Z`]),
  );
  // Payouts (issue 43): the demo temples' bank accounts, asked by the second operator and approved by
  // the first, and their linked accounts, activated (the Razorpay emulator holds the same ids).
  const payouts = demoPayoutAccounts(temples, trust.verified, feesFrom);
  const operatorTwoId = people.customers.find((c) => c.email === DEMO_ACCOUNTS.operatorTwo.email)!.id;
  insert(
    "payout_account_changes",
    "id, temple_id, legal_name, business_type, contact_name, email, phone, pan, beneficiary_name, account_number, ifsc, " +
      "status, requested_by, requested_at, decided_by, decided_at",
    payouts.map((p, i) => [i + 1, ...p.details, "approved", operatorTwoId, p.requestedAt, operatorId, p.approvedAt]),
  );
  insert(
    "temple_payout_accounts",
    "temple_id, legal_name, business_type, contact_name, email, phone, pan, beneficiary_name, account_number, ifsc, " +
      "linked_account_id, route_product_id, activation_status, status_at, change_id, created_at, updated_at",
    payouts.map((p, i) => [...p.details, p.accountId, p.productId, "activated", p.approvedAt, i + 1, p.approvedAt, p.approvedAt]),
  );
  insert(
    "addresses",
    "id, customer_id, name, line1, line2, city, district, state, country, postal_code, phone, created_at",
    bookings.addresses.map((a) => [
      a.id,
      a.customerId,
      a.name,
      a.line1,
      a.line2,
      a.city,
      a.district,
      a.state,
      "India",
      a.postalCode,
      a.phone,
      a.createdAt,
    ]),
  );
  insert(
    "transactions",
    "id, customer_id, booking_date, receipt_no, tracking_no, status, deleted_at, total, payment_provider, payment_ref, created_at",
    bookings.transactions.map((t) => [
      t.id,
      t.customerId,
      t.bookingDate,
      t.receiptNo,
      t.trackingNo,
      t.status,
      t.deletedAt,
      t.total,
      "razorpay",
      t.paymentRef,
      t.createdAt,
    ]),
  );
  insert(
    "transaction_lines",
    "id, transaction_id, item_type, temple_id, temple_puja_id, donation_purpose_id, item_name, " +
      "devotee_name, star_id, puja_date, quantity, amount, postal_charge, shipping_address_id, " +
      "puja_status, video_key, prasad_tracking_no",
    bookings.lines.map((l) => [
      l.id,
      l.transactionId,
      l.itemType,
      l.templeId,
      l.templePujaId,
      l.donationPurposeId,
      l.itemName,
      l.devoteeName,
      l.starId,
      l.pujaDate,
      l.quantity,
      l.amount,
      l.postalCharge,
      l.shippingAddressId,
      l.pujaStatus,
      l.videoKey,
      l.prasadTrackingNo,
    ]),
  );
  insert(
    "requests",
    "id, customer_id, temple_id, temple_puja_id, devotee_name, devotee_star_id, puja_date, quantity, " +
      "rate, postal_charge, address_id, shipping_id, status, staff_note, created_at",
    requests.map((r) => [
      r.id,
      r.customerId,
      r.templeId,
      r.templePujaId,
      r.devoteeName,
      r.devoteeStarId,
      r.pujaDate,
      r.quantity,
      r.rate,
      r.postalCharge,
      r.addressId,
      r.shippingId,
      r.status,
      r.staffNote,
      r.createdAt,
    ]),
  );
  // What the seed booked or the temples accepted for days to come takes its seats, as the
  // capacity migration does for real data (the seed runs after the migrations).
  out.push(
    `INSERT INTO puja_seats (temple_puja_id, temple_id, puja_date, quantity, customer_id, kind, payment_order_id, request_id, transaction_line_id, created_at)
SELECT l.temple_puja_id, l.temple_id, l.puja_date, l.quantity, t.customer_id, 'booked', t.payment_order_id, l.request_id, l.id, '${today}T00:00:00.000Z'
FROM transaction_lines l JOIN transactions t ON t.id = l.transaction_id
WHERE l.item_type = 'PUJA' AND l.temple_puja_id IS NOT NULL AND l.puja_date > '${today}' AND l.puja_status != 'cancelled'
  AND NOT EXISTS (SELECT 1 FROM puja_seats s WHERE s.transaction_line_id = l.id);`,
    `INSERT INTO puja_seats (temple_puja_id, temple_id, puja_date, quantity, customer_id, kind, request_id, created_at)
SELECT r.temple_puja_id, r.temple_id, r.puja_date, r.quantity, r.customer_id, 'accepted', r.id, '${today}T00:00:00.000Z'
FROM requests r WHERE r.status = 1 AND r.puja_date > '${today}' AND NOT EXISTS (SELECT 1 FROM puja_seats s WHERE s.request_id = r.id);`,
  );
  // The limits come after the seats, so what the seed booked stays booked whatever the limit.
  for (const tp of catalog.templePujas.filter((row) => row.dailyCapacity != null || row.perDevoteeLimit != null)) {
    out.push(
      `UPDATE temple_pujas SET daily_capacity = ${tp.dailyCapacity ?? "NULL"}, per_devotee_limit = ${tp.perDevoteeLimit ?? "NULL"} WHERE id = ${tp.id};`,
    );
  }
  insert(
    "puja_capacity_rules",
    "temple_puja_id, weekday, day, capacity",
    catalog.capacityRules.map((r) => [r.templePujaId, r.weekday, r.day, r.capacity]),
  );
  insert(
    "favourites",
    "customer_id, temple_id, created_at",
    favourites.map((f) => [f.customerId, f.templeId, f.createdAt]),
  );
  insert(
    "messages",
    "id, kind, temple_id, language_id, header, body, image_path, footer_url, display_order, start_date, end_date, created_at",
    messages.map((m) => [
      m.id,
      m.kind,
      m.templeId,
      1,
      m.header,
      m.body,
      m.imagePath,
      m.footerUrl,
      m.displayOrder,
      m.startDate,
      m.endDate,
      m.createdAt,
    ]),
  );
  insert(
    "priests",
    "id, name, phone",
    people.priests.map((p) => [p.id, p.name, p.phone]),
  );
  insert(
    "priest_temples",
    "priest_id, temple_id",
    people.priestTemples.map((p) => [p.priestId, p.templeId]),
  );
  insert(
    "priest_pujas",
    "priest_id, puja_id",
    people.priestPujas.map((p) => [p.priestId, p.pujaId]),
  );
  insert(
    "temple_registrations",
    "id, temple_name, location, contact_person, phone, email, address, state, created_at",
    enquiries.templeRegistrations.map((r, i) => [
      i + 1,
      r.templeName,
      r.location,
      r.contactPerson,
      r.phone,
      r.email,
      r.address,
      r.state,
      r.createdAt,
    ]),
  );
  insert(
    "job_enquiries",
    "id, name, email, phone, comments, job_type, created_at",
    enquiries.jobEnquiries.map((j, i) => [i + 1, j.name, j.email, j.phone, j.comments, j.jobType, j.createdAt]),
  );
  insert(
    "contact_requests",
    "id, email_or_phone, subject, type, created_at",
    enquiries.contactRequests.map((c, i) => [i + 1, c.emailOrPhone, c.subject, c.type, c.createdAt]),
  );
  insert(
    "newsletter_subscriptions",
    "id, email, created_at",
    enquiries.newsletterSubscriptions.map((n, i) => [i + 1, n.email, n.createdAt]),
  );
  insert(
    "signup_verifications",
    "id, email, first_name, phone_mobile, password_hash, code_hash, attempts, expires_at, consumed_at, created_at",
    signups.map((s) => [
      s.id,
      s.email,
      s.firstName,
      s.phoneMobile,
      s.passwordHash,
      s.codeHash,
      s.attempts,
      s.expiresAt,
      s.consumedAt,
      s.createdAt,
    ]),
  );
  // Star, deity and puja names in the other five languages (pages in those languages show them).
  const named = (kind: string, id: number, names: Names | undefined) =>
    names ? (Object.entries(names) as [string, string][]).map(([locale, text]) => [kind, id, "name", locale, text]) : [];
  // The master pujas' descriptions, shown under their names on temple sites.
  const described = (id: number, texts: (typeof PUJA_DESCRIPTIONS)[string] | undefined) =>
    texts ? Object.entries(texts).map(([locale, text]) => ["puja", id, "description", locale, descriptionText(text)]) : [];
  insert("content_translations", "kind, ref_id, field, locale, text", [
    ...STARS.flatMap((_, i) => named("star", i + 1, STAR_NAMES[i])),
    ...DEITIES.flatMap((d) => named("deity", d.order, DEITY_NAMES[d.slug])),
    ...PUJAS.flatMap((p, i) => named("puja", i + 1, PUJA_NAMES[p.name])),
    ...PUJAS.flatMap((p, i) => described(i + 1, PUJA_DESCRIPTIONS[p.name])),
    ...temples.flatMap((t) => (t.key ? named("temple", t.id, LANDMARK_NAMES[t.key]) : [])),
    ...geo.states.flatMap((s) => named("state", s.id, STATE_NAMES[s.name])),
    ...contentInLanguages(temples, catalog.donationPurposes, messages),
  ]);
  insert(
    "password_resets",
    "id, customer_id, code_hash, attempts, expires_at, used_at, created_at",
    resets.map((r) => [r.id, r.customerId, r.codeHash, r.attempts, r.expiresAt, r.usedAt, r.createdAt]),
  );
  // The payments behind the bookings, and two that were not booked (a refund made, one due).
  out.push(...ledgerSeedStatements(today, DEMO_ACCOUNTS.devotee.email));
  // Settled Route transfers for the demo staff's temples' latest bookings (issue 43: the desk's bank view).
  const deskTemples = new Set<string>([...DEMO_ACCOUNTS.staffGuruvayur.temples, ...DEMO_ACCOUNTS.staffMadurai.temples]);
  const deskTempleIds = new Set(temples.filter((t) => t.key && deskTemples.has(t.key)).map((t) => t.id));
  const payoutTemples = payouts.map((p) => ({ id: Number(p.details[0]), accountId: p.accountId })).filter((p) => deskTempleIds.has(p.id));
  out.push(
    ...insertStatements("payout_transfers", PAYOUT_TRANSFER_COLUMNS.split(/,\s*/), demoPayoutTransfers(bookings, payoutTemples, today)),
  );
  // Prominence from the weights and the seeded bookings and favourites, as housekeeping sets it (its days counted).
  out.push(...prominenceSeedStatements(new Date(`${today}T12:00:00.000Z`)));
  return out;
}

type LocaleText = Record<OtherLocale, string>;

/** Announcements, donation purposes and the temples' descriptions (landmark and generated) in the other five languages. */
function contentInLanguages(
  temples: readonly TempleRow[],
  purposes: readonly { id: number; name: string }[],
  messages: readonly { id: number; kind: string; header: string }[],
): Row[] {
  const rows: Row[] = [];
  const add = (kind: string, id: number, field: string, texts: LocaleText) => {
    for (const locale of OTHER_LOCALES) rows.push([kind, id, field, locale, texts[locale]]);
  };
  const each = <T>(texts: Record<OtherLocale, T>, pick: (text: T) => string) =>
    Object.fromEntries(OTHER_LOCALES.map((locale) => [locale, pick(texts[locale])])) as LocaleText;
  for (const message of messages) {
    const texts = message.kind === "announcement" ? ANNOUNCEMENT_TEXTS[message.header] : undefined;
    if (!texts) continue;
    add(
      "message",
      message.id,
      "header",
      each(texts, (text) => text.header),
    );
    add(
      "message",
      message.id,
      "body",
      each(texts, (text) => text.body),
    );
  }
  for (const purpose of purposes) {
    const texts = PURPOSE_TEXTS[purpose.name];
    if (!texts) continue;
    add(
      "purpose",
      purpose.id,
      "name",
      each(texts, (text) => text.name),
    );
    add(
      "purpose",
      purpose.id,
      "description",
      each(texts, (text) => text.description),
    );
  }
  for (const temple of temples) {
    const names = temple.key ? LANDMARK_NAMES[temple.key] : undefined;
    const state = STATE_NAMES[temple.state.name];
    const deity = DEITY_NAMES[temple.deities[0]!];
    // A landmark is named in each language; a generated temple is "this temple" (one of three sentences, by its id).
    if ((temple.key && !names) || !state || !deity) continue;
    const described = (locale: OtherLocale) => {
      const { about, online } = LANDMARK_DESCRIPTION[locale];
      const templates = GENERATED_DESCRIPTIONS[locale];
      const template = names ? about.replace("{name}", names[locale]) : templates[temple.id % templates.length]!;
      const text = template.replace("{state}", state[locale]).replace("{deity}", deity[locale]);
      return temple.onlineBooking ? `${text} ${online}` : text;
    };
    add("temple", temple.id, "description", Object.fromEntries(OTHER_LOCALES.map((l) => [l, described(l)])) as LocaleText);
  }
  return rows;
}
