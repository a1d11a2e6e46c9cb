import { sql } from "drizzle-orm";
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";

/** ISO-8601 timestamp columns default to the database clock. */
const createdAt = () => text("created_at").notNull().default(sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`);
const flag = (name: string) => integer(name, { mode: "boolean" }).notNull().default(false);
/** Money is always integer paise. */
const paise = (name: string) => integer(name).notNull().default(0);

export const stars = sqliteTable("stars", {
  id: integer("id").primaryKey(),
  name: text("name").notNull().unique(),
});

export const states = sqliteTable("states", {
  id: integer("id").primaryKey(),
  name: text("name").notNull().unique(),
});

export const districts = sqliteTable(
  "districts",
  {
    id: integer("id").primaryKey(),
    stateId: integer("state_id")
      .notNull()
      .references(() => states.id),
    name: text("name").notNull(),
  },
  (t) => [uniqueIndex("districts_state_name").on(t.stateId, t.name)],
);

export const customers = sqliteTable(
  "customers",
  {
    id: integer("id").primaryKey(),
    /** LoginID: the email, stored lower-cased; one account per email. */
    email: text("email").notNull().unique(),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull().default(""),
    phoneMobile: text("phone_mobile").notNull().default(""),
    phoneWired: text("phone_wired").notNull().default(""),
    houseNo: text("house_no").notNull().default(""),
    houseName: text("house_name").notNull().default(""),
    streetName: text("street_name").notNull().default(""),
    postOffice: text("post_office").notNull().default(""),
    city: text("city").notNull().default(""),
    district: text("district").notNull().default(""),
    state: text("state").notNull().default(""),
    country: text("country").notNull().default("India"),
    postalCode: text("postal_code").notNull().default(""),
    starId: integer("star_id").references(() => stars.id),
    dob: text("dob").notNull().default("1990-01-01"),
    /** The portal language the customer chose (en, hi, ta, ml, te, kn); null until they choose. */
    language: text("language"),
    /**
     * The donor's PAN for 80G receipts, stored once per customer (format-checked). Shown masked on
     * every page and in mail; only the donor's own receipt PDF and the temple's 10BD export carry it.
     */
    pan: text("pan"),
    /** Self-describing hash: algorithm$params$salt$hash. */
    passwordHash: text("password_hash").notNull(),
    verified: flag("verified"),
    /** walkin: the one system account counter sales are booked under (no password, cannot sign in; bookings/counter). */
    role: text("role", { enum: ["customer", "staff", "operator", "walkin"] })
      .notNull()
      .default("customer"),
    /** When a code sent to `phoneMobile` last came back (phone sign-in, or a changed mobile verified); null: never. */
    phoneVerifiedAt: text("phone_verified_at"),
    /**
     * Consent to messages on the phone (app/domain/notifications): when the devotee said yes to
     * WhatsApp (Meta requires an opt-in on the portal) or to SMS; null while they have not.
     */
    whatsappOptIn: text("whatsapp_opt_in"),
    smsOptIn: text("sms_opt_in"),
    /** Reminders (the evening before a booked puja, a release they asked about): on until turned off. */
    remindersOptIn: integer("reminders_opt_in", { mode: "boolean" }).notNull().default(true),
    /** When the devotee last opened their Notifications tab: messages after it are unseen (the header's count). */
    notificationsSeenAt: text("notifications_seen_at"),
    createdAt: createdAt(),
    updatedAt: text("updated_at"),
  },
  // Phone sign-in finds the accounts of a mobile (families share one).
  (t) => [index("customers_phone_mobile").on(t.phoneMobile)],
);

export const temples = sqliteTable(
  "temples",
  {
    id: integer("id").primaryKey(),
    slug: text("slug").notNull().unique(),
    name: text("name").notNull(),
    displayName: text("display_name").notNull(),
    imageUrl: text("image_url").notNull(),
    streetName: text("street_name").notNull().default(""),
    districtId: integer("district_id")
      .notNull()
      .references(() => districts.id),
    stateId: integer("state_id")
      .notNull()
      .references(() => states.id),
    description: text("description").notNull().default(""),
    metaDescription: text("meta_description").notNull().default(""),
    /** WebSite: a host name such as guruvayur.sannidhi.example, without scheme. */
    website: text("website").notNull().default(""),
    /** InternetBankingFacility: online booking is on. */
    onlineBooking: flag("online_booking"),
    isAssisted: flag("is_assisted"),
    registration80g: text("registration_80g"),
    pan: text("pan"),
    /**
     * Verified: the operator checked the documents and the temple's staff confirmed the listing
     * (temple_trust holds who and when). Only verified temples take payments. Written by the
     * domain with the checks (app/domain/trust/verification.server.ts), never by hand.
     */
    verified: flag("verified"),
    phone: text("phone").notNull().default(""),
    email: text("email").notNull().default(""),
    /** When online booking was last switched on or off (checkout re-checks orders against it). */
    bookingChangedAt: text("booking_changed_at"),
    /** How much of a major pilgrimage the temple is, 0..100, as operators set it (search ranking). */
    pilgrimageWeight: integer("pilgrimage_weight").notNull().default(0),
    /**
     * Search ranking's prominence, 0..1000: the pilgrimage weight blended with bookings and
     * favourites of the last 90 days (app/domain/catalog/prominence.ts), refreshed by housekeeping.
     */
    prominence: integer("prominence").notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    index("temples_name_nocase").on(sql`${t.name} collate nocase`),
    index("temples_state_district").on(t.stateId, t.districtId),
    index("temples_district").on(t.districtId),
    index("temples_online").on(t.onlineBooking),
    index("temples_website").on(t.website),
    /** The temples list's order: online booking first, then assisted, then by name. */
    index("temples_listing").on(sql`${t.onlineBooking} desc`, sql`${t.isAssisted} desc`, t.name),
    /** The same order within a state and within a district: a place's page stops at its last row. */
    index("temples_state_listing").on(t.stateId, sql`${t.onlineBooking} desc`, sql`${t.isAssisted} desc`, t.name),
    index("temples_district_listing").on(t.districtId, sql`${t.onlineBooking} desc`, sql`${t.isAssisted} desc`, t.name),
    /**
     * Search ranking's candidates: the text's matches ordered by prominence from this narrow
     * index alone (a temple's row, with its description, is read only for the 60 kept).
     */
    index("temples_search_rank").on(t.id, t.prominence, t.stateId, t.districtId),
  ],
);

/**
 * A temple's search keys (app/domain/catalog/search-keys.ts): its names and district folded to one
 * Latin spelling, for search that forgives spelling and script. Written by the domain when
 * names change (a trigger drops stale keys; housekeeping writes missing or older ones). Two
 * FTS5 indexes read it (not here: drizzle has no virtual tables): word prefixes and trigrams.
 */
export const templeSearchKeys = sqliteTable("temple_search_keys", {
  templeId: integer("temple_id")
    .primaryKey()
    .references(() => temples.id, { onDelete: "cascade" }),
  keys: text("keys").notNull(),
  version: integer("version").notNull(),
  /** The temple's approved other names, one a line, as typed (the ranking compares them word by word). */
  aliases: text("aliases").notNull().default(""),
  /** Its deities' names, one a line ("Shiva temple Thanjavur" finds the Big Temple). */
  deities: text("deities").notNull().default(""),
});

/**
 * Names devotees use for a temple ("Tirupati Balaji", "Big Temple", "महाकाल"), in any of the
 * portal's six languages' scripts. Operators add them (approved at once); a temple's staff
 * propose them for their own temple and an operator approves or rejects each. Approved ones
 * are copied into the temple's search keys.
 */
export const templeAliases = sqliteTable(
  "temple_aliases",
  {
    id: integer("id").primaryKey(),
    templeId: integer("temple_id")
      .notNull()
      .references(() => temples.id, { onDelete: "cascade" }),
    text: text("text").notNull(),
    /** The language whose script it is written in (en, hi, ta, ml, te, kn). */
    language: text("language").notNull(),
    status: text("status", { enum: ["approved", "proposed", "rejected"] })
      .notNull()
      .default("proposed"),
    proposedBy: integer("proposed_by").references(() => customers.id),
    reviewedBy: integer("reviewed_by").references(() => customers.id),
    reviewedAt: text("reviewed_at"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("temple_aliases_temple_text").on(t.templeId, sql`${t.text} collate nocase`),
    index("temple_aliases_status").on(t.status, t.createdAt),
  ],
);

export const deities = sqliteTable(
  "deities",
  {
    id: integer("id").primaryKey(),
    name: text("name").notNull().unique(),
    imagePath: text("image_path").notNull(),
    displayOrder: integer("display_order").notNull().default(100),
  },
  (t) => [index("deities_name_nocase").on(sql`${t.name} collate nocase`)],
);

export const templeDeities = sqliteTable(
  "temple_deities",
  {
    templeId: integer("temple_id")
      .notNull()
      .references(() => temples.id),
    deityId: integer("deity_id")
      .notNull()
      .references(() => deities.id),
    isPrincipal: flag("is_principal"),
  },
  (t) => [primaryKey({ columns: [t.templeId, t.deityId] }), index("temple_deities_deity").on(t.deityId, t.templeId)],
);

export const pujas = sqliteTable(
  "pujas",
  {
    id: integer("id").primaryKey(),
    name: text("name").notNull().unique(),
    description: text("description").notNull().default(""),
  },
  (t) => [index("pujas_name_nocase").on(sql`${t.name} collate nocase`)],
);

export const templePujas = sqliteTable(
  "temple_pujas",
  {
    id: integer("id").primaryKey(),
    templeId: integer("temple_id")
      .notNull()
      .references(() => temples.id),
    pujaId: integer("puja_id")
      .notNull()
      .references(() => pujas.id),
    rate: paise("rate"),
    postalCharge: paise("postal_charge"),
    /** direct: straight to the cart; request: the temple accepts first. */
    bookingMode: text("booking_mode", { enum: ["direct", "request"] })
      .notNull()
      .default("direct"),
    /** Weekdays offered, 0 = Sunday, e.g. "0123456". */
    daysOffered: text("days_offered").notNull().default("0123456"),
    active: integer("active", { mode: "boolean" }).notNull().default(true),
    /** When the rate, postal charge, mode, days or active flag last changed (orders are re-checked against it). */
    changedAt: text("changed_at"),
    /** How many can be performed a day (the seats of a day); null: unlimited. Exceptions in puja_capacity_rules. */
    dailyCapacity: integer("daily_capacity"),
    /** How many one devotee (account) may book for one day; null: no limit. */
    perDevoteeLimit: integer("per_devotee_limit"),
    /** Counter quota: seats a day kept for the counter (online may take at most capacity − this); null: none. */
    counterKept: integer("counter_kept"),
    /** Seats a day kept for online (the counter may take at most capacity − this); null: none. */
    onlineKept: integer("online_kept"),
  },
  (t) => [uniqueIndex("temple_pujas_temple_puja").on(t.templeId, t.pujaId), index("temple_pujas_puja").on(t.pujaId, t.templeId)],
);

/**
 * Exceptions to a puja's daily capacity: a weekday (0 = Sunday) or a date (YYYY-MM-DD) that
 * allows more, fewer or none (0). A date's rule wins over its weekday's, which wins over the
 * puja's daily capacity.
 */
export const pujaCapacityRules = sqliteTable(
  "puja_capacity_rules",
  {
    id: integer("id").primaryKey(),
    templePujaId: integer("temple_puja_id")
      .notNull()
      .references(() => templePujas.id),
    weekday: integer("weekday"),
    day: text("day"),
    capacity: integer("capacity").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("puja_capacity_rules_weekday").on(t.templePujaId, t.weekday),
    uniqueIndex("puja_capacity_rules_day").on(t.templePujaId, t.day),
  ],
);

/**
 * The seats of limited pujas, one row per thing that takes them: a payment order's hold
 * (`held`, until `expires_at`), a paid booking line (`booked`) or a request the temple
 * accepted (`accepted`). A trigger (migrations/0012) refuses an insert that would pass the
 * day's capacity or the devotee's limit, so taking seats is one conditional write.
 */
export const pujaSeats = sqliteTable(
  "puja_seats",
  {
    id: integer("id").primaryKey(),
    templePujaId: integer("temple_puja_id")
      .notNull()
      .references(() => templePujas.id),
    templeId: integer("temple_id")
      .notNull()
      .references(() => temples.id),
    pujaDate: text("puja_date").notNull(),
    quantity: integer("quantity").notNull(),
    customerId: integer("customer_id")
      .notNull()
      .references(() => customers.id),
    /** `counter`: a counter sale's booked seats (the devotee's limit is the sale's own, not the selling staff member's day). */
    kind: text("kind", { enum: ["held", "booked", "accepted", "counter"] }).notNull(),
    paymentOrderId: integer("payment_order_id"),
    /** The cart line a hold is for. */
    cartItemId: integer("cart_item_id"),
    requestId: integer("request_id"),
    transactionLineId: integer("transaction_line_id"),
    /** A hold counts until then (ISO); booked and accepted seats have none. */
    expiresAt: text("expires_at"),
    /** When the seats were taken (ISO): the trigger judges holds' expiry against it. */
    createdAt: text("created_at").notNull(),
  },
  (t) => [
    index("puja_seats_day").on(t.templePujaId, t.pujaDate),
    index("puja_seats_temple_day").on(t.templeId, t.pujaDate),
    index("puja_seats_order").on(t.paymentOrderId),
    uniqueIndex("puja_seats_request").on(t.requestId),
    uniqueIndex("puja_seats_line").on(t.transactionLineId),
    /** Housekeeping's sweep of lapsed holds: the holds alone, by expiry (issue 44). */
    index("puja_seats_held_expiry").on(t.expiresAt).where(sql`kind = 'held'`),
  ],
);

/**
 * When a temple's dates open for booking, for the whole temple (templePujaId null) or one puja:
 * a rolling window (each date opens `daysAhead` days before it, at `openTime` IST) or a fixed
 * release (the dates firstDay..lastDay open at `opensAt`). At each opening devotees wait in a
 * waiting room (the WaitingRoom Durable Object) and are admitted in arrival order or by a draw;
 * for `rushMinutes` after it, booking one of its dates needs the pass the room gives.
 */
export const pujaReleases = sqliteTable(
  "puja_releases",
  {
    id: integer("id").primaryKey(),
    templeId: integer("temple_id")
      .notNull()
      .references(() => temples.id),
    templePujaId: integer("temple_puja_id").references(() => templePujas.id),
    kind: text("kind", { enum: ["rolling", "fixed"] }).notNull(),
    /** rolling: a date opens this many days before it, at `openTime` (IST, HH:MM). */
    daysAhead: integer("days_ahead"),
    openTime: text("open_time"),
    /** fixed: the dates released (inclusive), opening at `opensAt` (ISO instant). */
    firstDay: text("first_day"),
    lastDay: text("last_day"),
    opensAt: text("opens_at"),
    /** queue: admitted in arrival order; draw: registered devotees admitted in a random order. */
    admission: text("admission", { enum: ["queue", "draw"] })
      .notNull()
      .default("queue"),
    admitPerMinute: integer("admit_per_minute").notNull(),
    /** The waiting room opens (a draw takes registrations) this long before an opening. */
    lobbyMinutes: integer("lobby_minutes").notNull(),
    /** How long after an opening booking its dates needs a pass, and how long a pass lasts. */
    rushMinutes: integer("rush_minutes").notNull(),
    passMinutes: integer("pass_minutes").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("puja_releases_temple").on(t.templeId, t.templePujaId)],
);

export const donationPurposes = sqliteTable(
  "donation_purposes",
  {
    id: integer("id").primaryKey(),
    templeId: integer("temple_id")
      .notNull()
      .references(() => temples.id),
    name: text("name").notNull(),
    /** Comma-separated preset amounts in paise. */
    presetAmounts: text("preset_amounts").notNull().default(""),
    /** What the temple says the purpose is for (shown on its "Donations received" page). */
    description: text("description").notNull().default(""),
    /** Renovation of the temple: the only purposes a renovation-only 80G registration (80G(2)(b)) covers. */
    renovation: flag("renovation"),
    active: integer("active", { mode: "boolean" }).notNull().default(true),
    /** When the purpose was last switched on or off. */
    changedAt: text("changed_at"),
  },
  (t) => [index("donation_purposes_temple").on(t.templeId)],
);

export const packages = sqliteTable(
  "packages",
  {
    id: integer("id").primaryKey(),
    name: text("name").notNull(),
    homePageShortDesc: text("home_page_short_desc").notNull(),
    description: text("description").notNull().default(""),
    imagePath: text("image_path").notNull(),
    displayOrder: integer("display_order").notNull().default(100),
    active: integer("active", { mode: "boolean" }).notNull().default(true),
  },
  (t) => [index("packages_active_order").on(t.active, t.displayOrder)],
);

export const packageItems = sqliteTable(
  "package_items",
  {
    packageId: integer("package_id")
      .notNull()
      .references(() => packages.id),
    templePujaId: integer("temple_puja_id")
      .notNull()
      .references(() => templePujas.id),
    quantity: integer("quantity").notNull().default(1),
  },
  (t) => [primaryKey({ columns: [t.packageId, t.templePujaId] })],
);

export const addresses = sqliteTable(
  "addresses",
  {
    id: integer("id").primaryKey(),
    customerId: integer("customer_id")
      .notNull()
      .references(() => customers.id),
    name: text("name").notNull(),
    line1: text("line1").notNull(),
    line2: text("line2").notNull().default(""),
    city: text("city").notNull().default(""),
    district: text("district").notNull().default(""),
    state: text("state").notNull().default(""),
    country: text("country").notNull().default("India"),
    postalCode: text("postal_code").notNull(),
    phone: text("phone").notNull().default(""),
    createdAt: createdAt(),
  },
  (t) => [index("addresses_customer").on(t.customerId)],
);

/**
 * The people a devotee books for (the sankalpa: name, relation, star, gotra; rashi and date of
 * birth if they like), in any script; at most MAX_FAMILY_MEMBERS each (accounts/family.server.ts).
 */
export const familyMembers = sqliteTable(
  "family_members",
  {
    id: integer("id").primaryKey(),
    customerId: integer("customer_id")
      .notNull()
      .references(() => customers.id),
    name: text("name").notNull(),
    relation: text("relation").notNull(),
    starId: integer("star_id").references(() => stars.id),
    gotra: text("gotra").notNull().default(""),
    rashi: text("rashi").notNull().default(""),
    /** YYYY-MM-DD, or "" when not given. */
    dateOfBirth: text("date_of_birth").notNull().default(""),
    createdAt: createdAt(),
  },
  (t) => [index("family_members_customer").on(t.customerId)],
);

export const transactions = sqliteTable(
  "transactions",
  {
    id: integer("id").primaryKey(),
    customerId: integer("customer_id")
      .notNull()
      .references(() => customers.id),
    bookingDate: text("booking_date").notNull(),
    receiptNo: text("receipt_no").notNull().unique(),
    trackingNo: text("tracking_no").notNull().unique(),
    /** 0 = completed (the only status the Completed tab lists). */
    status: integer("status").notNull().default(0),
    deletedAt: text("deleted_at"),
    total: paise("total"),
    paymentProvider: text("payment_provider").notNull().default("sandbox"),
    paymentRef: text("payment_ref").unique(),
    /** The payment order this booking was paid by: at most one booking per order. */
    paymentOrderId: integer("payment_order_id").references(() => paymentOrders.id),
    /**
     * Where it was sold: online (a devotee's checkout), at the temple's counter by `soldBy`
     * (bookings/counter), or assisted (an operator booked it for a devotee who phoned in, paid by a
     * payment link).
     */
    channel: text("channel", { enum: ["online", "counter", "assisted"] })
      .notNull()
      .default("online"),
    /** The staff member (counter) or operator (assisted) who sold it. */
    soldBy: integer("sold_by").references(() => customers.id),
    /**
     * How a counter sale was paid: cash, UPI to the temple's own QR (with the reference staff
     * typed), or UPI by the gateway's QR code for the exact amount (upi_qr: settled like online).
     */
    counterPayment: text("counter_payment", { enum: ["cash", "upi", "upi_qr"] }),
    counterPaymentRef: text("counter_payment_ref"),
    /** The phone the devotee gave at the counter or on the phone (receipt and video later), as typed. */
    counterPhone: text("counter_phone"),
    /** The one-time key of the counter form that sold it (or "order:<id>" for a gateway-paid one): a sale is made once. */
    saleKey: text("sale_key"),
    /** The staff member's counter session (its cash book) the sale was made in. */
    counterShiftId: integer("counter_shift_id").references(() => counterShifts.id),
    /** The convenience fee the devotee paid on top of the temple's prices (its own line; the platform keeps it), paise. */
    convenienceFee: paise("convenience_fee"),
    /** A counter sale cancelled (never deleted): when, by whom, why, and the shift whose cash book shows it. */
    cancelledAt: text("cancelled_at"),
    cancelledBy: integer("cancelled_by").references(() => customers.id),
    cancelReason: text("cancel_reason"),
    cancelShiftId: integer("cancel_shift_id").references(() => counterShifts.id),
    createdAt: createdAt(),
  },
  (t) => [
    index("transactions_customer").on(t.customerId, t.bookingDate),
    /** My Transactions' Completed list, a page at a time (keyset on booking date and id) and its count, from the index alone. */
    index("transactions_customer_listed").on(t.customerId, t.bookingDate).where(sql`status = 0 and deleted_at is null`),
    uniqueIndex("transactions_payment_order").on(t.paymentOrderId),
    uniqueIndex("transactions_sale_key").on(t.saleKey),
    /** A shift's cash book: its sales and its cancellations. */
    index("transactions_counter_shift").on(t.counterShiftId),
    index("transactions_cancel_shift").on(t.cancelShiftId),
    /** Housekeeping's prominence refresh reads the last 90 days of bookings. */
    index("transactions_booking_date").on(t.bookingDate),
    /** The few deleted bookings, which prominence leaves out without reading every booking. */
    index("transactions_deleted").on(t.id).where(sql`deleted_at is not null`),
    /** Housekeeping's sweep of lines whose transfers were never planned: the last days' bookings. */
    index("transactions_created").on(t.createdAt),
    /** The ledger's counter takings of a month: the counter's sales alone, by day (issue 44). */
    index("transactions_counter_day").on(t.bookingDate).where(sql`channel = 'counter'`),
  ],
);

export const transactionLines = sqliteTable(
  "transaction_lines",
  {
    id: integer("id").primaryKey(),
    transactionId: integer("transaction_id")
      .notNull()
      .references(() => transactions.id),
    itemType: text("item_type", { enum: ["PUJA", "DONATION"] }).notNull(),
    templeId: integer("temple_id")
      .notNull()
      .references(() => temples.id),
    templePujaId: integer("temple_puja_id").references(() => templePujas.id),
    donationPurposeId: integer("donation_purpose_id").references(() => donationPurposes.id),
    itemName: text("item_name").notNull(),
    devoteeName: text("devotee_name").notNull(),
    starId: integer("star_id").references(() => stars.id),
    /** The devotee's gotra for the sankalpa, as given (any script); null when none was (and through the legacy API). */
    gotra: text("gotra"),
    pujaDate: text("puja_date"),
    quantity: integer("quantity").notNull().default(1),
    amount: paise("amount"),
    postalCharge: paise("postal_charge"),
    shippingAddressId: integer("shipping_address_id").references(() => addresses.id),
    /** The donor's postal address for the 80G receipt and Form 10BD, as given with the donation (a copy: a tax record keeps it). */
    donorAddress: text("donor_address"),
    /** booked, done or cancelled (the spec leaves PujaStatus open). */
    pujaStatus: text("puja_status").notNull().default("booked"),
    /** R2 key of the puja video in VIDEOS. */
    videoKey: text("video_key"),
    prasadTrackingNo: text("prasad_tracking_no"),
    /** The accepted request this line was booked from, if any. */
    requestId: integer("request_id").references(() => requests.id),
    /** The cart line this was booked from: unique, so one cart line is never booked twice. */
    cartItemId: integer("cart_item_id"),
    /**
     * Its booking's `booking_date`, copied by the trigger transaction_lines_booked_at (migration
     * 0034) so a temple's month is read by temple and date from one index (issue 44).
     */
    bookedAt: text("booked_at"),
  },
  (t) => [
    uniqueIndex("transaction_lines_cart_item").on(t.cartItemId),
    index("transaction_lines_transaction").on(t.transactionId),
    index("transaction_lines_temple_date").on(t.templeId, t.pujaDate),
    /** The desk's day sheet, a page of lines at a time in puja order (keyset on item name and id). */
    index("transaction_lines_day_sheet").on(t.templeId, t.pujaDate, t.itemType, t.itemName),
    /**
     * The day sheet's counts over the whole day (lines, to perform, done) from the index alone (issue 44: a festival
     * day's 3,000 lines were each read from the table for their booking and status).
     */
    index("transaction_lines_day_counts").on(t.templeId, t.pujaDate, t.itemType, t.transactionId, t.pujaStatus),
    /** Donations by temple: the "Donations received" pages and the 10BD export. */
    index("transaction_lines_type_temple").on(t.itemType, t.templeId),
    /** Tomorrow's pujas of every temple: the evening's reminders (issue 44: never every puja line). */
    index("transaction_lines_puja_day").on(t.pujaDate, t.itemType),
    /**
     * A temple's lines by booking day (settlement, bank view, prominence): its month, never all temples'; with what the
     * statement sums, so its months and year are read from the index alone (issue 44).
     */
    index("transaction_lines_temple_booked").on(
      t.templeId,
      t.bookedAt,
      t.transactionId,
      t.itemType,
      t.amount,
      t.quantity,
      t.postalCharge,
      t.pujaStatus,
    ),
    /**
     * All temples' lines of a booking day, with the temple and booking: search prominence counts a day's (or today's)
     * bookings of each temple from the index alone (issue 44: never 90 days of lines a run).
     */
    index("transaction_lines_booked").on(t.bookedAt, t.templeId, t.transactionId),
  ],
);

export const requests = sqliteTable(
  "requests",
  {
    id: integer("id").primaryKey(),
    customerId: integer("customer_id")
      .notNull()
      .references(() => customers.id),
    templeId: integer("temple_id")
      .notNull()
      .references(() => temples.id),
    templePujaId: integer("temple_puja_id")
      .notNull()
      .references(() => templePujas.id),
    devoteeName: text("devotee_name").notNull(),
    devoteeStarId: integer("devotee_star_id").references(() => stars.id),
    /** The devotee's gotra (any script), carried to the cart when accepted; null when none was given. */
    gotra: text("gotra"),
    pujaDate: text("puja_date").notNull(),
    quantity: integer("quantity").notNull().default(1),
    rate: paise("rate"),
    postalCharge: paise("postal_charge"),
    addressId: integer("address_id").references(() => addresses.id),
    shippingId: integer("shipping_id").references(() => addresses.id),
    /** 1 accepted, 2 requested, 3 rejected, 4 booked (paid). */
    status: integer("status").notNull().default(2),
    staffNote: text("staff_note"),
    createdAt: createdAt(),
  },
  (t) => [index("requests_customer_status").on(t.customerId, t.status), index("requests_temple_status").on(t.templeId, t.status)],
);

/**
 * A devotee who cannot come asks the temple to move a booked puja to another date: `asked`
 * until the desk answers, then `moved` (the line and its seats moved in the same batch) or
 * `declined` (with the temple's reason), or `withdrawn` by the devotee. No money moves. A
 * booked line has at most one open ask.
 */
export const dateChanges = sqliteTable(
  "date_changes",
  {
    id: integer("id").primaryKey(),
    transactionLineId: integer("transaction_line_id")
      .notNull()
      .references(() => transactionLines.id),
    customerId: integer("customer_id")
      .notNull()
      .references(() => customers.id),
    templeId: integer("temple_id")
      .notNull()
      .references(() => temples.id),
    fromDate: text("from_date").notNull(),
    toDate: text("to_date").notNull(),
    /** The devotee's words to the temple (why, or what suits them). */
    note: text("note"),
    status: text("status", { enum: ["asked", "moved", "declined", "withdrawn"] })
      .notNull()
      .default("asked"),
    /** The temple's reason for declining. */
    staffNote: text("staff_note"),
    decidedBy: integer("decided_by").references(() => customers.id),
    decidedAt: text("decided_at"),
    createdAt: createdAt(),
  },
  (t) => [
    index("date_changes_temple_status").on(t.templeId, t.status),
    index("date_changes_customer").on(t.customerId, t.createdAt),
    uniqueIndex("date_changes_open_line").on(t.transactionLineId).where(sql`status = 'asked'`),
  ],
);

export const favourites = sqliteTable(
  "favourites",
  {
    customerId: integer("customer_id")
      .notNull()
      .references(() => customers.id),
    templeId: integer("temple_id")
      .notNull()
      .references(() => temples.id),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.customerId, t.templeId] }),
    /** Housekeeping's prominence refresh reads the last 90 days of favourites. */
    index("favourites_created").on(t.createdAt),
  ],
);

/** Announcements, events and news share the spec's message shape. */
export const messages = sqliteTable(
  "messages",
  {
    id: integer("id").primaryKey(),
    kind: text("kind", { enum: ["announcement", "event", "news"] }).notNull(),
    templeId: integer("temple_id").references(() => temples.id),
    languageId: integer("language_id").notNull().default(1),
    header: text("header").notNull(),
    body: text("body").notNull(),
    imagePath: text("image_path"),
    footerUrl: text("footer_url"),
    displayOrder: integer("display_order").notNull().default(100),
    startDate: text("start_date").notNull(),
    endDate: text("end_date").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("messages_kind_dates").on(t.kind, t.startDate, t.endDate), index("messages_temple").on(t.templeId)],
);

export const templeRegistrations = sqliteTable("temple_registrations", {
  id: integer("id").primaryKey(),
  templeName: text("temple_name").notNull(),
  location: text("location").notNull(),
  contactPerson: text("contact_person").notNull(),
  phone: text("phone").notNull(),
  email: text("email").notNull().default(""),
  address: text("address").notNull().default(""),
  state: text("state").notNull().default(""),
  createdAt: createdAt(),
});

export const jobEnquiries = sqliteTable("job_enquiries", {
  id: integer("id").primaryKey(),
  name: text("name").notNull(),
  email: text("email").notNull(),
  phone: text("phone").notNull(),
  comments: text("comments").notNull().default(""),
  jobType: text("job_type").notNull().default(""),
  createdAt: createdAt(),
});

export const contactRequests = sqliteTable("contact_requests", {
  id: integer("id").primaryKey(),
  emailOrPhone: text("email_or_phone").notNull(),
  subject: text("subject").notNull().default(""),
  type: text("type").notNull().default(""),
  createdAt: createdAt(),
});

export const newsletterSubscriptions = sqliteTable("newsletter_subscriptions", {
  id: integer("id").primaryKey(),
  email: text("email").notNull().unique(),
  createdAt: createdAt(),
});

export const priests = sqliteTable(
  "priests",
  {
    id: integer("id").primaryKey(),
    /** Nullable: the spec's filter counts a missing name as a blank space. */
    name: text("name"),
    phone: text("phone").notNull().default(""),
  },
  (t) => [index("priests_name_nocase").on(sql`${t.name} collate nocase`)],
);

export const priestTemples = sqliteTable(
  "priest_temples",
  {
    priestId: integer("priest_id")
      .notNull()
      .references(() => priests.id),
    templeId: integer("temple_id")
      .notNull()
      .references(() => temples.id),
  },
  (t) => [primaryKey({ columns: [t.priestId, t.templeId] }), index("priest_temples_temple").on(t.templeId, t.priestId)],
);

export const priestPujas = sqliteTable(
  "priest_pujas",
  {
    priestId: integer("priest_id")
      .notNull()
      .references(() => priests.id),
    pujaId: integer("puja_id")
      .notNull()
      .references(() => pujas.id),
  },
  (t) => [primaryKey({ columns: [t.priestId, t.pujaId] }), index("priest_pujas_puja").on(t.pujaId, t.priestId)],
);

/**
 * Which pujas are offered at which temple by its priests: one row per (puja, temple) that some
 * priest of the temple performs. Derived from priest_pujas × priest_temples and kept in step by
 * triggers on those two tables (migration 0009), so the priests filter by puja reads one index
 * range instead of walking every priest who performs the puja.
 */
export const priestPujaTemples = sqliteTable(
  "priest_puja_temples",
  {
    pujaId: integer("puja_id")
      .notNull()
      .references(() => pujas.id),
    templeId: integer("temple_id")
      .notNull()
      .references(() => temples.id),
  },
  (t) => [primaryKey({ columns: [t.pujaId, t.templeId] })],
);

/** Pending sign-ups: the account is created only when the emailed code matches. */
export const signupVerifications = sqliteTable(
  "signup_verifications",
  {
    id: integer("id").primaryKey(),
    email: text("email").notNull(),
    firstName: text("first_name").notNull(),
    phoneMobile: text("phone_mobile").notNull(),
    passwordHash: text("password_hash").notNull(),
    codeHash: text("code_hash").notNull(),
    /** What the code is made from, with the secret (codes.server.ts), so "Resend code" mails the same code. */
    codeSeed: text("code_seed"),
    attempts: integer("attempts").notNull().default(0),
    expiresAt: text("expires_at").notNull(),
    consumedAt: text("consumed_at"),
    createdAt: createdAt(),
  },
  (t) => [index("signup_verifications_email").on(t.email)],
);

export const passwordResets = sqliteTable(
  "password_resets",
  {
    id: integer("id").primaryKey(),
    customerId: integer("customer_id")
      .notNull()
      .references(() => customers.id),
    codeHash: text("code_hash").notNull(),
    /** What the code is made from, with the secret (codes.server.ts), so every email while it lives carries it. */
    codeSeed: text("code_seed"),
    attempts: integer("attempts").notNull().default(0),
    expiresAt: text("expires_at").notNull(),
    usedAt: text("used_at"),
    createdAt: createdAt(),
  },
  (t) => [index("password_resets_customer").on(t.customerId)],
);

/**
 * Six-digit codes sent to a phone (phone-codes.server.ts): to sign in, or to verify a new mobile
 * on the profile (then `customerId` says whose). Only a keyed digest of the code is kept; the
 * newest code of a phone and purpose is the only one that counts. A sign-in code that matched a
 * phone of several accounts keeps a digest of the choice it allows (`choiceHash`), used once.
 */
export const phoneCodes = sqliteTable(
  "phone_codes",
  {
    id: integer("id").primaryKey(),
    /** E.164: "+919845012345". */
    phone: text("phone").notNull(),
    purpose: text("purpose", { enum: ["sign-in", "verify-phone"] }).notNull(),
    customerId: integer("customer_id").references(() => customers.id),
    codeHash: text("code_hash").notNull(),
    attempts: integer("attempts").notNull().default(0),
    expiresAt: text("expires_at").notNull(),
    usedAt: text("used_at"),
    choiceHash: text("choice_hash"),
    chosenAt: text("chosen_at"),
    createdAt: createdAt(),
  },
  (t) => [index("phone_codes_phone").on(t.phone, t.purpose, t.createdAt), index("phone_codes_customer").on(t.customerId)],
);

export const templeStaff = sqliteTable(
  "temple_staff",
  {
    customerId: integer("customer_id")
      .notNull()
      .references(() => customers.id),
    templeId: integer("temple_id")
      .notNull()
      .references(() => temples.id),
    /** admin: the whole desk (and cancels any counter sale later); counter: the Counter page and its cash book only. */
    role: text("role", { enum: ["admin", "counter"] })
      .notNull()
      .default("admin"),
  },
  (t) => [primaryKey({ columns: [t.customerId, t.templeId] }), index("temple_staff_temple").on(t.templeId)],
);

/**
 * A staff member's counter session at a temple (a shift) and its cash book: opened with the
 * cash in the drawer (the float), closed when they count the cash by denomination; the
 * difference from what the book says is kept and flagged. At most one open shift per staff
 * member and temple. A temple's day is closed when every shift of that day is.
 */
export const counterShifts = sqliteTable(
  "counter_shifts",
  {
    id: integer("id").primaryKey(),
    templeId: integer("temple_id")
      .notNull()
      .references(() => temples.id),
    staffId: integer("staff_id")
      .notNull()
      .references(() => customers.id),
    /** The day in India the shift was opened (YYYY-MM-DD): the cash book's day. */
    day: text("day").notNull(),
    openedAt: text("opened_at").notNull(),
    openingFloat: paise("opening_float"),
    closedAt: text("closed_at"),
    /** The cash counted at the close, its denominations as JSON ({"500": 3, "10": 4, ...}). */
    countedCash: integer("counted_cash"),
    denominations: text("denominations"),
    /** What the book said the drawer should hold (float + cash sales − cash cancellations) and counted − expected. */
    expectedCash: integer("expected_cash"),
    difference: integer("difference"),
    closeNote: text("close_note"),
  },
  (t) => [
    uniqueIndex("counter_shifts_open").on(t.templeId, t.staffId).where(sql`closed_at is null`),
    index("counter_shifts_temple_day").on(t.templeId, t.day),
  ],
);

/**
 * A devotee's cart, kept in D1 across visits and temples. Puja prices are never stored
 * here: checkout reads them from temple_pujas (or the accepted request) every time.
 */
export const cartItems = sqliteTable(
  "cart_items",
  {
    /** AUTOINCREMENT: a booked (deleted) line's id is never reused, so transaction_lines.cart_item_id stays unique. */
    id: integer("id").primaryKey({ autoIncrement: true }),
    customerId: integer("customer_id")
      .notNull()
      .references(() => customers.id),
    itemType: text("item_type", { enum: ["PUJA", "DONATION"] }).notNull(),
    templeId: integer("temple_id")
      .notNull()
      .references(() => temples.id),
    templePujaId: integer("temple_puja_id").references(() => templePujas.id),
    donationPurposeId: integer("donation_purpose_id").references(() => donationPurposes.id),
    requestId: integer("request_id").references(() => requests.id),
    packageId: integer("package_id").references(() => packages.id),
    devoteeName: text("devotee_name").notNull(),
    starId: integer("star_id").references(() => stars.id),
    /** The devotee's gotra for the sankalpa (any script), or null. */
    gotra: text("gotra"),
    pujaDate: text("puja_date"),
    quantity: integer("quantity").notNull().default(1),
    /** Donations only: the amount the devotee chose. */
    donationAmount: paise("donation_amount"),
    postal: flag("postal"),
    shippingAddressId: integer("shipping_address_id").references(() => addresses.id),
    /** Donations with an 80G receipt asked for: the donor's postal address as given then (Form 10BE needs it). */
    donorAddress: text("donor_address"),
    createdAt: createdAt(),
  },
  (t) => [index("cart_items_customer").on(t.customerId), uniqueIndex("cart_items_request").on(t.requestId)],
);

/**
 * One attempt to pay for a cart. `lines` freezes the priced cart (JSON) when the order
 * is made, so the booking matches exactly what the gateway was asked to collect.
 */
export const paymentOrders = sqliteTable(
  "payment_orders",
  {
    id: integer("id").primaryKey(),
    customerId: integer("customer_id")
      .notNull()
      .references(() => customers.id),
    provider: text("provider", { enum: ["sandbox", "razorpay"] }).notNull(),
    providerOrderId: text("provider_order_id").notNull().unique(),
    amount: paise("amount"),
    currency: text("currency").notNull().default("INR"),
    /**
     * created (open: at most one per customer), then paid (a booking exists), failed,
     * cancelled (a newer checkout or expiry closed it before payment) or refund (a
     * payment arrived that could not be booked; see payment_refunds).
     */
    status: text("status", { enum: ["created", "paid", "failed", "cancelled", "refund"] })
      .notNull()
      .default("created"),
    lines: text("lines").notNull(),
    paymentRef: text("payment_ref").unique(),
    /** The order can be paid until then (ISO timestamp); checkout makes a new one after. */
    expiresAt: text("expires_at"),
    /** When the gateway says the booking's payment was made. */
    paidAt: text("paid_at"),
    createdAt: createdAt(),
    updatedAt: text("updated_at"),
    /** When reconciliation last asked the gateway about this order's payments (it asks the least recently asked first). */
    reconciledAt: text("reconciled_at"),
    /**
     * The waiting-room pass this order spent ("release:opening:customer"), when its cart held dates
     * in their opening's rush: unique, so a pass opens one order, whatever its fate, and two
     * checkouts racing with one pass cannot both write theirs.
     */
    releasePass: text("release_pass"),
    /**
     * checkout (a devotee's cart), counter_qr (a counter sale paid by the gateway's UPI QR code:
     * provider_order_id is the QR code's id) or payment_link (an assisted booking paid by a
     * payment link: provider_order_id is the link's id). For the last two `lines` holds the sale.
     */
    kind: text("kind", { enum: ["checkout", "counter_qr", "payment_link"] })
      .notNull()
      .default("checkout"),
    /** The temple a counter or assisted sale is for, who made it, and the counter shift. */
    templeId: integer("temple_id").references(() => temples.id),
    placedBy: integer("placed_by").references(() => customers.id),
    counterShiftId: integer("counter_shift_id").references(() => counterShifts.id),
    /** Where the devotee pays: the QR code's image or the payment link's short URL. */
    payUrl: text("pay_url"),
    /** The devotee a link was sent to: JSON {name, email, phone}. */
    contact: text("contact"),
  },
  (t) => [
    index("payment_orders_customer").on(t.customerId, t.status),
    /** Reconciliation's last days of orders, sorted from the index (never reading each order's lines: issue 44). */
    index("payment_orders_reconcile").on(t.createdAt, t.provider, t.reconciledAt),
    /** Housekeeping's sweep of lapsed orders: the open ones alone (issue 44). */
    index("payment_orders_open_expiry").on(t.expiresAt, t.createdAt).where(sql`status = 'created'`),
    uniqueIndex("payment_orders_open").on(t.customerId).where(sql`status = 'created' and kind = 'checkout'`),
    index("payment_orders_temple_kind").on(t.templeId, t.kind, t.createdAt),
    /** The operator's assisted bookings (payment links), newest first. */
    index("payment_orders_kind").on(t.kind, t.id),
    uniqueIndex("payment_orders_release_pass").on(t.releasePass),
  ],
);

/**
 * A captured payment that was not turned into a booking (its lines were already paid,
 * the order had expired, or what it paid for changed before payment): it is refunded
 * through the gateway, or left `due` for the operator when the refund call fails.
 */
export const paymentRefunds = sqliteTable(
  "payment_refunds",
  {
    id: integer("id").primaryKey(),
    paymentOrderId: integer("payment_order_id")
      .notNull()
      .references(() => paymentOrders.id),
    customerId: integer("customer_id")
      .notNull()
      .references(() => customers.id),
    /** The gateway's payment id: one refund record per payment. */
    paymentRef: text("payment_ref").notNull().unique(),
    amount: paise("amount"),
    /** already-paid, expired, changed, unavailable. */
    reason: text("reason").notNull(),
    /**
     * due (recorded; the gateway has not accepted it yet: retried with backoff), sending (claimed
     * by one sender while its gateway call is in flight; `next_attempt_at` is the claim's lease),
     * pending (the gateway accepted it: `refund_ref`, `started_at`), refunded (the gateway
     * processed it), outside (an operator settled it outside the portal: reference, reason, who).
     */
    status: text("status", { enum: ["due", "sending", "pending", "refunded", "outside"] })
      .notNull()
      .default("due"),
    refundRef: text("refund_ref"),
    /** X-Refund-Idempotency: fixed when the refund is recorded, sent with every attempt, so it is never paid twice. */
    idempotencyKey: text("idempotency_key"),
    /** Gateway calls made so far, when the next may be made, and the last refusal (no secret in it). */
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: text("next_attempt_at"),
    lastError: text("last_error"),
    /** When the gateway accepted the refund ("Refund of ₹X started on <date>"). */
    startedAt: text("started_at"),
    /** When the devotee was e-mailed that it started. */
    notifiedAt: text("notified_at"),
    /** When the devotee was told it is complete (the gateway processed it). */
    completedNotifiedAt: text("completed_notified_at"),
    /** Settled outside the portal: the operator's reference and reason, and who (an audit_log row too). */
    outsideReference: text("outside_reference"),
    outsideReason: text("outside_reason"),
    settledBy: integer("settled_by").references(() => customers.id),
    /** When a webhook or reconciliation found the payment's money went back more than once (shown in the daily report). */
    refundedTwiceAt: text("refunded_twice_at"),
    createdAt: createdAt(),
    updatedAt: text("updated_at"),
  },
  (t) => [
    index("payment_refunds_status").on(t.status, t.createdAt),
    index("payment_refunds_order").on(t.paymentOrderId),
    /** My Transactions' "refund started" notices of one devotee. */
    index("payment_refunds_customer").on(t.customerId, t.startedAt),
    // The daily report reads the few payments refunded twice by day.
    index("payment_refunds_refunded_twice").on(t.refundedTwiceAt).where(sql`refunded_twice_at is not null`),
    // Refunds complete and not yet told (notifyCompletedRefunds, on every webhook): the few, never every refund ever made.
    index("payment_refunds_completed_untold").on(t.id).where(sql`status = 'refunded' and completed_notified_at is null`),
  ],
);

/**
 * Every payment the gateway reported (callback, webhook or reconciliation), one row per
 * payment id: the ledger's "received" side. Its outcome is a transaction (booked) or a
 * payment_refunds row; a captured payment with neither is what reconciliation must match.
 */
export const gatewayPayments = sqliteTable(
  "gateway_payments",
  {
    paymentRef: text("payment_ref").primaryKey(),
    paymentOrderId: integer("payment_order_id")
      .notNull()
      .references(() => paymentOrders.id),
    provider: text("provider").notNull(),
    amount: paise("amount"),
    /** authorized, captured, refunded or failed, as the gateway last reported it. */
    status: text("status").notNull(),
    /** The gateway's fee and the tax on it (paise), when it reports them. */
    fee: integer("fee"),
    tax: integer("tax"),
    /** callback, webhook or reconciliation: who told us first. */
    source: text("source").notNull(),
    /** When the payment was made (the gateway's created_at), and when we first and last saw it. */
    paidAt: text("paid_at").notNull(),
    firstSeenAt: text("first_seen_at").notNull(),
    checkedAt: text("checked_at"),
  },
  (t) => [
    /** By when paid, with what the ledger's and reconciliation's filters read (issue 44). */
    index("gateway_payments_paid").on(t.paidAt, t.status, t.paymentRef),
    index("gateway_payments_order").on(t.paymentOrderId),
  ],
);

/** Webhook events by the gateway's event id (x-razorpay-event-id): a replay finds its row and does nothing. */
export const webhookEvents = sqliteTable(
  "webhook_events",
  {
    eventId: text("event_id").primaryKey(),
    event: text("event").notNull(),
    paymentRef: text("payment_ref"),
    receivedAt: text("received_at").notNull(),
    /** Set when its work finished; an event left unprocessed is picked up by reconciliation. */
    processedAt: text("processed_at"),
  },
  (t) => [index("webhook_events_received").on(t.receivedAt)],
);

/** One row per reconciliation run: what housekeeping asked the gateway and what it did. */
export const reconciliationRuns = sqliteTable("reconciliation_runs", {
  id: integer("id").primaryKey(),
  startedAt: text("started_at").notNull(),
  finishedAt: text("finished_at"),
  ordersChecked: integer("orders_checked").notNull().default(0),
  paymentsBooked: integer("payments_booked").notNull().default(0),
  paymentsRefunded: integer("payments_refunded").notNull().default(0),
  refundsRetried: integer("refunds_retried").notNull().default(0),
  /** Captured payments it could not match to a booking or a refund (goal: none), as JSON [{paymentRef, amount, orderRef}]. */
  unmatched: text("unmatched").notNull().default("[]"),
  /** Gateway calls that failed in this run (they are tried again next run). */
  errors: integer("errors").notNull().default(0),
});

/** Attempt counters for rate limits: one row per key, counted atomically with UPSERT … RETURNING. */
export const rateLimits = sqliteTable(
  "rate_limits",
  {
    key: text("key").primaryKey(),
    /** Start of the current window, in ms since the epoch. */
    windowStart: integer("window_start").notNull(),
    count: integer("count").notNull().default(0),
    /** Rows past this (ms) are stale and may be deleted. */
    expiresAt: integer("expires_at").notNull(),
  },
  (t) => [index("rate_limits_expires").on(t.expiresAt)],
);

/**
 * The version of everything the public pages show (one row). Triggers on the tables those
 * pages read (migration 0011) raise it on every insert, update and delete, whoever writes:
 * a desk or console screen, the legacy API, housekeeping, an import. The edge cache keys its
 * pages by it (lib/edge-cache), so no cached page outlives a change to what it shows.
 */
export const contentVersion = sqliteTable("content_version", {
  id: integer("id").primaryKey(),
  version: integer("version").notNull().default(0),
});

/** Multipart video uploads in progress: capped per temple, aborted when stale. */
export const videoUploads = sqliteTable(
  "video_uploads",
  {
    id: integer("id").primaryKey(),
    templeId: integer("temple_id")
      .notNull()
      .references(() => temples.id),
    lineId: integer("line_id").notNull(),
    key: text("key").notNull().unique(),
    uploadId: text("upload_id").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("video_uploads_temple").on(t.templeId), index("video_uploads_created").on(t.createdAt)],
);

/**
 * Who changed what, when: every desk and operator change writes one row (append-only).
 * `templeId` scopes a row to a temple, so a temple's own history can be listed.
 */
export const auditLog = sqliteTable(
  "audit_log",
  {
    id: integer("id").primaryKey(),
    actorId: integer("actor_id")
      .notNull()
      .references(() => customers.id),
    /** e.g. request.accept, line.done, temple.update. */
    action: text("action").notNull(),
    entity: text("entity").notNull(),
    entityId: text("entity_id").notNull(),
    templeId: integer("temple_id").references(() => temples.id),
    /** A short JSON summary of the change (never secrets). */
    detail: text("detail").notNull().default("{}"),
    createdAt: createdAt(),
  },
  (t) => [index("audit_log_temple_created").on(t.templeId, t.createdAt), index("audit_log_created").on(t.createdAt)],
);

/**
 * A temple's trust as the operator checked it, and the two checks that make it verified, each
 * with who and when (the audit log has every change too): the operator's check of the documents
 * and the temple staff's confirmation of the listing from the desk.
 */
export const templeTrust = sqliteTable("temple_trust", {
  templeId: integer("temple_id")
    .primaryKey()
    .references(() => temples.id),
  /** The trust's or devaswom's name and address as registered (printed on 80G receipts). */
  trustName: text("trust_name").notNull().default(""),
  trustAddress: text("trust_address").notNull().default(""),
  /** Trust or devaswom registration number. */
  registrationNo: text("registration_no").notNull().default(""),
  /** The bank account's holder, as the bank's document names it: must be the trust. */
  bankAccountHolder: text("bank_account_holder").notNull().default(""),
  /** The person authorised to act for the trust. */
  authorisedPerson: text("authorised_person").notNull().default(""),
  /** The PAN and 80G number the operator checked (a later change at the desk voids the check). */
  checkedPan: text("checked_pan"),
  checked80g: text("checked_80g"),
  /** 80G registration valid from / to (ISO dates, inclusive); outside them a receipt has no 80G section. */
  valid80gFrom: text("valid_80g_from"),
  valid80gTo: text("valid_80g_to"),
  /** 80G(2)(b): gifts are deductible only for renovation or repair of the temple. */
  renovationOnly: flag("renovation_only"),
  documentsCheckedAt: text("documents_checked_at"),
  documentsCheckedBy: integer("documents_checked_by").references(() => customers.id),
  staffConfirmedAt: text("staff_confirmed_at"),
  staffConfirmedBy: integer("staff_confirmed_by").references(() => customers.id),
});

export type Customer = typeof customers.$inferSelect;
export type Temple = typeof temples.$inferSelect;
export type Deity = typeof deities.$inferSelect;
export type Puja = typeof pujas.$inferSelect;
export type TemplePuja = typeof templePujas.$inferSelect;
export type Package = typeof packages.$inferSelect;
export type Message = typeof messages.$inferSelect;
export type Transaction = typeof transactions.$inferSelect;
export type TransactionLine = typeof transactionLines.$inferSelect;
export type Request = typeof requests.$inferSelect;
export type CartItem = typeof cartItems.$inferSelect;
export type PaymentOrder = typeof paymentOrders.$inferSelect;
export type AuditEntry = typeof auditLog.$inferSelect;
export type PujaRelease = typeof pujaReleases.$inferSelect;

/**
 * Content in the other five languages: a name, description, header or body of a temple,
 * puja, deity, star or message (event, news, announcement) as staff wrote it in Hindi, Tamil,
 * Malayalam, Telugu or Kannada. English stays in the entity's own row; a page in another
 * language shows the variant where there is one and the English text where there is none.
 */
export const contentTranslations = sqliteTable(
  "content_translations",
  {
    kind: text("kind", { enum: ["temple", "puja", "deity", "star", "message", "state", "purpose"] }).notNull(),
    refId: integer("ref_id").notNull(),
    field: text("field", { enum: ["name", "description", "header", "body"] }).notNull(),
    locale: text("locale", { enum: ["hi", "ta", "ml", "te", "kn"] }).notNull(),
    text: text("text").notNull(),
    updatedAt: text("updated_at").notNull().default(sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`),
  },
  (t) => [primaryKey({ columns: [t.kind, t.locale, t.refId, t.field] })],
);

/**
 * Every message the portal sends, one row per channel (app/domain/notifications): written in
 * the same batch as the change that causes it (or just after), then put on the NOTIFICATIONS
 * queue by its id; the queue's consumer sends it and records what became of it. What was
 * sent (subject, text, html) stays here for the devotee's Notifications tab and the console.
 */
export const notifications = sqliteTable(
  "notifications",
  {
    /** A random id, known before the batch that writes the row; the provider's idempotency key. */
    id: text("id").primaryKey(),
    /** Null for a message to an address before there is an account (a sign-up code, an enquiry). */
    customerId: integer("customer_id").references(() => customers.id),
    kind: text("kind").notNull(),
    channel: text("channel", { enum: ["email", "sms", "whatsapp"] }).notNull(),
    /** An e-mail address, or a phone in E.164 (+919876543210). */
    recipient: text("recipient").notNull(),
    language: text("language").notNull(),
    subject: text("subject"),
    /** Null until composed: a message composed when sent (a receipt) has only its kind and params. */
    text: text("text"),
    html: text("html"),
    /** The kind's parameters (JSON): what a phone template and a late composer need. */
    params: text("params").notNull().default("{}"),
    /**
     * A phone message's template variables (JSON array), in order and in the recipient's language, as the
     * kind's approved template takes them (kinds.ts templateVariables); null for e-mail, and until composed.
     */
    templateVariables: text("template_variables"),
    /** What the message is about, for the Notifications tab and the console's search. */
    trackingNo: text("tracking_no"),
    templeId: integer("temple_id"),
    lineId: integer("line_id"),
    /** Makes a message once only (a reminder per line and day, a receipt per order): unique. */
    dedupeKey: text("dedupe_key"),
    status: text("status", { enum: ["queued", "sent", "delivered", "read", "failed"] })
      .notNull()
      .default("queued"),
    attempts: integer("attempts").notNull().default(0),
    /** A consumer holds the row until then while it sends (two deliveries of one message never both send). */
    claimedUntil: text("claimed_until"),
    providerId: text("provider_id"),
    /** Why the last attempt failed, short and without secrets. */
    lastError: text("last_error"),
    createdAt: createdAt(),
    sentAt: text("sent_at"),
    updatedAt: text("updated_at").notNull().default(sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`),
  },
  (t) => [
    index("notifications_customer").on(t.customerId, sql`${t.createdAt} desc`),
    index("notifications_status").on(t.status, t.createdAt),
    index("notifications_provider").on(t.providerId),
    index("notifications_recipient").on(t.recipient, t.createdAt),
    uniqueIndex("notifications_dedupe").on(t.dedupeKey),
    /** The console's last day by channel and status: counted from this index alone. */
    index("notifications_recent").on(t.createdAt, t.channel, t.status),
    /** Code messages by age: housekeeping masks the codes of those left unsent (code-messages.server.ts). */
    index("notifications_codes").on(t.createdAt).where(sql`${t.kind} in ('verification-code', 'sign-in-code', 'password-reset')`),
  ],
);

export type NotificationRow = typeof notifications.$inferSelect;

/**
 * Where a temple's staff want its alerts (a new booking or request; the morning digest of the
 * day sheet), as they set it on the desk: one phone per temple, in E.164.
 */
export const templeAlerts = sqliteTable("temple_alerts", {
  templeId: integer("temple_id")
    .primaryKey()
    .references(() => temples.id),
  phone: text("phone").notNull(),
  newBookings: integer("new_bookings", { mode: "boolean" }).notNull().default(true),
  morningDigest: integer("morning_digest", { mode: "boolean" }).notNull().default(true),
  /** The language the alerts are written in: the staff member's who set them (the desk's page language then). */
  language: text("language").notNull().default("en"),
  updatedBy: integer("updated_by")
    .notNull()
    .references(() => customers.id),
  updatedAt: text("updated_at").notNull().default(sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`),
});

/** Devotees who asked to be told the day before a temple's release opens (one reminder each). */
export const releaseReminders = sqliteTable(
  "release_reminders",
  {
    customerId: integer("customer_id")
      .notNull()
      .references(() => customers.id),
    releaseId: integer("release_id")
      .notNull()
      .references(() => pujaReleases.id),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.customerId, t.releaseId] }), index("release_reminders_release").on(t.releaseId)],
);

/**
 * The platform's fee on a temple's bookings (issue 43), set by operators per kind of line: a
 * percentage (basis points, 500 = 5%) and/or a fixed amount per booking line, from an India day
 * on. A change is a new row (history kept, never edited in place): the rule of a line is the
 * newest row of its kind effective on its booking day. No row: no fee.
 */
export const templeFees = sqliteTable(
  "temple_fees",
  {
    id: integer("id").primaryKey(),
    templeId: integer("temple_id")
      .notNull()
      .references(() => temples.id),
    /** puja and donation: the platform's fee, kept from the temple's share; convenience: charged to devotees on top of the price. */
    kind: text("kind", { enum: ["puja", "donation", "convenience"] }).notNull(),
    percentBasisPoints: integer("percent_basis_points").notNull().default(0),
    fixedPaise: paise("fixed_paise"),
    /** YYYY-MM-DD (India day): bookings made on or after it pay this fee. */
    effectiveFrom: text("effective_from").notNull(),
    /** The operator who set it (null: the seed). */
    setBy: integer("set_by").references(() => customers.id),
    createdAt: createdAt(),
  },
  (t) => [index("temple_fees_temple_kind_from").on(t.templeId, t.kind, t.effectiveFrom)],
);

/**
 * The platform's monthly tax invoice to a temple for its fees: issued once per temple and month,
 * numbered per financial year (April–March) of the month invoiced ("SN/2026-27/0001"). Its
 * figures are frozen when it is issued.
 */
export const platformInvoices = sqliteTable(
  "platform_invoices",
  {
    id: integer("id").primaryKey(),
    templeId: integer("temple_id")
      .notNull()
      .references(() => temples.id),
    /** YYYY-MM (India months). */
    month: text("month").notNull(),
    /** "2026-27". */
    financialYear: text("financial_year").notNull(),
    sequence: integer("sequence").notNull(),
    number: text("number").notNull().unique(),
    bookingLines: integer("booking_lines").notNull(),
    /** The lines' booked amount, the fee on it, GST on the fee (all paise). */
    bookedAmount: paise("booked_amount"),
    fee: paise("fee"),
    gst: paise("gst"),
    total: paise("total"),
    issuedAt: text("issued_at").notNull(),
  },
  (t) => [
    uniqueIndex("platform_invoices_temple_month").on(t.templeId, t.month),
    uniqueIndex("platform_invoices_year_sequence").on(t.financialYear, t.sequence),
  ],
);

export type TempleFee = typeof templeFees.$inferSelect;
export type PlatformInvoice = typeof platformInvoices.$inferSelect;

/**
 * A temple's payout bank account and its Razorpay Route linked account (issue 43): one per
 * temple, written only when a second operator approves a `payout_account_changes` request (the
 * first set-up too). The account number is kept to give Razorpay; pages show it masked.
 */
export const templePayoutAccounts = sqliteTable("temple_payout_accounts", {
  templeId: integer("temple_id")
    .primaryKey()
    .references(() => temples.id),
  /** The legal entity (the trust or society) and whom Razorpay should talk to. */
  legalName: text("legal_name").notNull(),
  businessType: text("business_type").notNull().default("trust"),
  contactName: text("contact_name").notNull(),
  email: text("email").notNull(),
  phone: text("phone").notNull(),
  pan: text("pan"),
  beneficiaryName: text("beneficiary_name").notNull(),
  accountNumber: text("account_number").notNull(),
  ifsc: text("ifsc").notNull(),
  /** Razorpay's linked account (acc_…) and its route product (acc_prd_…), once created from the console. */
  linkedAccountId: text("linked_account_id").unique(),
  routeProductId: text("route_product_id"),
  /** created, under_review, needs_clarification, activated or suspended, as Razorpay last said (API or webhook); null before creation. */
  activationStatus: text("activation_status"),
  statusAt: text("status_at"),
  /** The approved change that wrote these details. */
  changeId: integer("change_id"),
  createdAt: createdAt(),
  updatedAt: text("updated_at"),
});

/**
 * A request to set or change a temple's payout bank account: made by one operator, approved (or
 * rejected) by another, never edited; at most one pending per temple. Audited; staff are told.
 */
export const payoutAccountChanges = sqliteTable(
  "payout_account_changes",
  {
    id: integer("id").primaryKey(),
    templeId: integer("temple_id")
      .notNull()
      .references(() => temples.id),
    legalName: text("legal_name").notNull(),
    businessType: text("business_type").notNull().default("trust"),
    contactName: text("contact_name").notNull(),
    email: text("email").notNull(),
    phone: text("phone").notNull(),
    pan: text("pan"),
    beneficiaryName: text("beneficiary_name").notNull(),
    accountNumber: text("account_number").notNull(),
    ifsc: text("ifsc").notNull(),
    status: text("status", { enum: ["pending", "approved", "rejected", "withdrawn"] })
      .notNull()
      .default("pending"),
    requestedBy: integer("requested_by")
      .notNull()
      .references(() => customers.id),
    requestedAt: text("requested_at").notNull(),
    decidedBy: integer("decided_by").references(() => customers.id),
    decidedAt: text("decided_at"),
    decisionNote: text("decision_note"),
  },
  (t) => [
    index("payout_account_changes_temple").on(t.templeId, t.id),
    uniqueIndex("payout_account_changes_pending").on(t.templeId).where(sql`status = 'pending'`),
  ],
);

/**
 * The temple's share of one booked line paid through the gateway, sent to its linked account as
 * a Route transfer on the payment (issue 43). One row per line: what the devotee paid for it
 * (`booked`: amount + postal), the platform's fee and GST on it, and `amount` = booked − fee − gst.
 * Puja money is held until the temple marks the puja performed, or `hold_until` (India day) passes;
 * donations go at once. Lines of a temple without an activated linked account have no row: the
 * platform holds their money (reconciliation says so).
 */
export const payoutTransfers = sqliteTable(
  "payout_transfers",
  {
    id: integer("id").primaryKey(),
    transactionLineId: integer("transaction_line_id")
      .notNull()
      .unique()
      .references(() => transactionLines.id),
    transactionId: integer("transaction_id")
      .notNull()
      .references(() => transactions.id),
    templeId: integer("temple_id")
      .notNull()
      .references(() => temples.id),
    /** The gateway's payment id the transfer is made from. */
    paymentRef: text("payment_ref").notNull(),
    kind: text("kind", { enum: ["puja", "donation"] }).notNull(),
    booked: paise("booked"),
    fee: paise("fee"),
    gst: paise("gst"),
    amount: paise("amount"),
    linkedAccountId: text("linked_account_id").notNull(),
    /**
     * due (to be sent; retried with backoff), sending (claimed: `next_attempt_at` is the lease),
     * created (Razorpay accepted it: `transfer_ref`), processed, failed (Razorpay said so: sent
     * again once, then left for the operator), reversed (all of it taken back).
     */
    status: text("status", { enum: ["due", "sending", "created", "processed", "failed", "reversed"] })
      .notNull()
      .default("due"),
    transferRef: text("transfer_ref").unique(),
    onHold: flag("on_hold"),
    /** YYYY-MM-DD (India): released on this day if not before (the puja's date + the hold days). */
    holdUntil: text("hold_until"),
    releasedAt: text("released_at"),
    /** performed (the desk marked the puja done) or time (its hold ran out). */
    releaseReason: text("release_reason"),
    settlementRef: text("settlement_ref"),
    utr: text("utr"),
    settledAt: text("settled_at"),
    reversedAmount: paise("reversed_amount"),
    reversalRef: text("reversal_ref"),
    reversedAt: text("reversed_at"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: text("next_attempt_at"),
    lastError: text("last_error"),
    createdAt: createdAt(),
    updatedAt: text("updated_at"),
  },
  (t) => [
    index("payout_transfers_status").on(t.status, t.nextAttemptAt),
    index("payout_transfers_temple").on(t.templeId, t.createdAt),
    index("payout_transfers_payment").on(t.paymentRef),
    index("payout_transfers_held").on(t.holdUntil).where(sql`on_hold = 1`),
    index("payout_transfers_settlement").on(t.settlementRef),
    /** Transfers housekeeping asks the gateway about (made, not yet settled), least recently asked first (issue 44). */
    index("payout_transfers_to_check")
      .on(sql`coalesce(updated_at, created_at)`)
      .where(sql`transfer_ref is not null and (status = 'created' or (settlement_ref is null and on_hold = 0))`),
  ],
);

/**
 * A booked line refunded to the devotee after payment (an operator's decision: the puja could not
 * be performed): its transfer is reversed first (held or released), then the payment is refunded
 * by the line's amount, with a fixed idempotency key. One per line.
 */
export const lineRefunds = sqliteTable(
  "line_refunds",
  {
    id: integer("id").primaryKey(),
    transactionLineId: integer("transaction_line_id")
      .notNull()
      .unique()
      .references(() => transactionLines.id),
    transactionId: integer("transaction_id")
      .notNull()
      .references(() => transactions.id),
    paymentRef: text("payment_ref").notNull(),
    amount: paise("amount"),
    reason: text("reason").notNull(),
    requestedBy: integer("requested_by").references(() => customers.id),
    /** due, sending (claimed), pending (the gateway accepted the refund), refunded. */
    status: text("status", { enum: ["due", "sending", "pending", "refunded"] })
      .notNull()
      .default("due"),
    idempotencyKey: text("idempotency_key").notNull(),
    reversalRef: text("reversal_ref"),
    refundRef: text("refund_ref"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: text("next_attempt_at"),
    lastError: text("last_error"),
    createdAt: createdAt(),
    updatedAt: text("updated_at"),
  },
  (t) => [index("line_refunds_status").on(t.status, t.nextAttemptAt), index("line_refunds_payment").on(t.paymentRef)],
);

export type TemplePayoutAccount = typeof templePayoutAccounts.$inferSelect;
export type PayoutAccountChange = typeof payoutAccountChanges.$inferSelect;
export type PayoutTransfer = typeof payoutTransfers.$inferSelect;
export type LineRefund = typeof lineRefunds.$inferSelect;

/**
 * Rollups of closed India days (issue 44): what the settlement statement, the bank view and the operator's ledger sum
 * for a day before today, written once by `INSERT … SELECT` when a page (or housekeeping) first needs the day and
 * deleted by triggers (migration 0037) whenever a row they are summed from changes, so a month reads ≤ 31 rows and a
 * year ≤ 366 whatever the history. A (temple, day) row of `settlement_days` (zeros for a day without lines) says the
 * day is rolled up, for its `payout_day_groups` too. app/domain/ledger/rollups.server.ts writes and reads them.
 */
const figure = (name: string) => integer(name).notNull().default(0);

export const settlementDays = sqliteTable(
  "settlement_days",
  {
    templeId: integer("temple_id").notNull(),
    day: text("day").notNull(),
    lines: figure("lines"),
    pujas: figure("pujas"),
    postage: figure("postage"),
    donations: figure("donations"),
    total: figure("total"),
    counterCash: figure("counter_cash"),
    counterUpi: figure("counter_upi"),
    counterGatewayUpi: figure("counter_gateway_upi"),
    atTemple: figure("at_temple"),
    paidOut: figure("paid_out"),
    cancelledSales: figure("cancelled_sales"),
    cancelled: figure("cancelled"),
  },
  /** By day: housekeeping rolls yesterday up for the temples whose statement was read lately. */
  (t) => [primaryKey({ columns: [t.templeId, t.day] }), index("settlement_days_day").on(t.day)],
);

/** The bank view's groups of a closed day (before fees: the rules are applied when read), as payout-statement groups them. */
export const payoutDayGroups = sqliteTable(
  "payout_day_groups",
  {
    templeId: integer("temple_id").notNull(),
    day: text("day").notNull(),
    itemType: text("item_type").notNull(),
    price: integer("price"),
    atTemple: integer("at_temple").notNull(),
    cancelled: integer("cancelled").notNull(),
    transferStatus: text("transfer_status"),
    onHold: integer("on_hold"),
    settled: integer("settled").notNull(),
    lines: figure("lines"),
    priceSum: figure("price_sum"),
    postage: figure("postage"),
    booked: integer("booked"),
    fee: integer("fee"),
    gst: integer("gst"),
    amount: integer("amount"),
    reversed: integer("reversed"),
  },
  (t) => [index("payout_day_groups_temple_day").on(t.templeId, t.day)],
);

/** The operator ledger's figures of a closed India day, all temples (payments by `paid_at`, counter takings by booking day). */
export const ledgerDays = sqliteTable("ledger_days", {
  day: text("day").primaryKey(),
  payments: figure("payments"),
  received: figure("received"),
  booked: figure("booked"),
  refunded: figure("refunded"),
  refundOpen: figure("refund_open"),
  unmatched: figure("unmatched"),
  unmatchedCount: figure("unmatched_count"),
  fees: figure("fees"),
  convenience: figure("convenience"),
  bookedCount: figure("booked_count"),
  refundCount: figure("refund_count"),
  counterAtTemple: figure("counter_at_temple"),
  counterCancelled: figure("counter_cancelled"),
});

/**
 * Search prominence's bookings of closed UTC days (issue 44): for each day (the booking's `booking_date`, as
 * `transaction_lines.booked_at` copies it) the bookings of each temple (one a booking, however many lines; removed
 * bookings left out), so housekeeping sums 89 days of small rows instead of counting 90 days of lines every 15 minutes.
 * A `booking_days` row says the day is counted (its temples' rows, none for a temple without bookings, are there);
 * triggers (migration 0039) delete a day's row and its temples' rows whenever a line or a booking of the day changes
 * what is counted, and the next run counts the day again. app/domain/catalog/prominence.ts writes and reads them.
 */
export const bookingDays = sqliteTable("booking_days", {
  day: text("day").primaryKey(),
});

export const templeBookingDays = sqliteTable(
  "temple_booking_days",
  {
    day: text("day").notNull(),
    templeId: integer("temple_id").notNull(),
    bookings: integer("bookings").notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.templeId] })],
);
