/**
 * The fuzz suite's form actions, body generators and runner, shared by the fuzz-*.test.ts
 * files. Together they send 10,000+ generated malformed requests at every form action of the
 * portal and every legacy path, signed out and as a devotee, temple staff and an operator:
 * wrong content types, oversized and empty bodies, thousands of fields, duplicated, huge and
 * indexed field names (`dates[50000000]`), broken multipart, deep JSON, control characters,
 * every Indian script and odd numbers (`0x1`, `1e3`, `-0`) in fields that are otherwise well
 * formed but carry one value the form refuses. Nothing may answer 5xx, show internals, answer
 * more than 256 KiB, change a table or end a session.
 *
 * The requests are split into one test per form action (240 requests each; each file takes
 * a few route groups) and one for the legacy paths, so that no test runs for long, whatever
 * the machine, and the Vitest workers share them out. Each test has its own seed (its route
 * group's seed plus its place in the group, shown in its title), so a failure replays alone:
 * `npx vitest run --project worker tests/security/fuzz-staff.test.ts -t "seed 20261505"`.
 */
import { env, exports } from "cloudflare:workers";
import { expect } from "vitest";
import { ORIGIN, TestBrowser } from "./browser";
import { demoBrowser } from "./bookings";
import { OPERATOR, signedIn, STAFF_A, templeOf } from "./staff";
import { databaseChecksum, INDIAN_TEXT, INTERNALS, ODD_NUMBERS, type Rng, rng } from "./fuzz";
import { openApiDocument } from "./legacy-client";

type Who = "anonymous" | "devotee" | "staff" | "operator";

interface Target {
  /**
   * `:templeId` stands for the temple STAFF_A manages, `:templePujaId` for its first puja, `:slug`
   * for a temple site taking bookings.
   */
  path: string;
  who: Who;
  /** A plausible submission of the form. */
  fields: Record<string, string>;
  /** A field set to a value the form always refuses, so the request can never change data. */
  breaker: [field: string, invalid: readonly string[]];
}

const NOT_EMAIL = ["not-an-email", "ശ്രീ@", "a@b", "@example.org", "x".repeat(300), ""];
const NOT_ID = ["abc", "NaN", "-1", "0", "1.5", "ഒന്ന്", "", "Infinity"];
const NOT_DATE = ["2001-13-45", "yesterday", "2020-02-30", "१२-१२-२०२०", ""];
const NOT_PHONE = ["ഫോൺ", "abc", "12", ""];
const NOT_CODE = ["12345", "abcdef", "१२३४५६", ""];
/** A box sends "on" when ticked and nothing when not; anything else is refused. */
const NOT_TICK = ["yes", "true", "1", "off", "ഉവ്വ്", "ON"];

const MAX_RESPONSE_BYTES = 256 * 1024;

type FormGroup = "account" | "public" | "devoteeAccount" | "devoteeBooking" | "desk" | "operator";

/** Every form action of the portal, by route group. */
const FORM_GROUPS: Record<FormGroup, Target[]> = {
  /** Signing in, registering, verifying and resetting a password. */
  account: [
    {
      path: "/login",
      who: "anonymous",
      fields: { intent: "login", email: "devotee@sannidhi.example", password: "x", redirectTo: "/" },
      breaker: ["email", NOT_EMAIL],
    },
    {
      path: "/login",
      who: "anonymous",
      fields: {
        intent: "register",
        name: "Meera Iyer",
        mobile: "9876543210",
        email: "a@example.org",
        password: "Temple@108",
        confirmPassword: "Temple@108",
      },
      breaker: ["email", NOT_EMAIL],
    },
    { path: "/login", who: "anonymous", fields: { intent: "verify", email: "a@example.org", code: "DV1" }, breaker: ["email", NOT_EMAIL] },
    { path: "/login", who: "anonymous", fields: { intent: "forgot", email: "a@example.org" }, breaker: ["email", NOT_EMAIL] },
    {
      path: "/login",
      who: "anonymous",
      fields: { intent: "reset", email: "a@example.org", password: "Fresh@2027", confirmPassword: "Fresh@2027", code: "DV123" },
      breaker: ["email", NOT_EMAIL],
    },
    { path: "/verify-email", who: "anonymous", fields: { email: "a@example.org", code: "DV123456" }, breaker: ["email", NOT_EMAIL] },
    { path: "/login", who: "anonymous", fields: { intent: "phone", phone: "98450 12345", redirectTo: "/" }, breaker: ["phone", NOT_PHONE] },
    { path: "/login", who: "anonymous", fields: { intent: "phone-resend", phone: "+919845012345" }, breaker: ["phone", NOT_PHONE] },
    {
      path: "/login",
      who: "anonymous",
      fields: { intent: "phone-code", phone: "+919845012345", code: "123456", redirectTo: "/" },
      breaker: ["phone", NOT_PHONE],
    },
    { path: "/login", who: "anonymous", fields: { intent: "phone-account", customerId: "1" }, breaker: ["customerId", NOT_ID] },
  ],
  /** The public forms anyone may send: jobs, temple signup, the home page's newsletter and contact. */
  public: [
    {
      path: "/jobs",
      who: "anonymous",
      fields: { name: "Meera Iyer", email: "a@example.org", phone: "9876543210", comments: "Priest", jobType: "priest" },
      breaker: ["email", NOT_EMAIL],
    },
    {
      path: "/temple-signup",
      who: "anonymous",
      fields: {
        tname: "Sree Temple",
        tlocation: "Kochi",
        tcontact: "Ravi",
        tphone: "9876543210",
        temail: "",
        taddress: "",
        tstate: "Kerala",
      },
      breaker: ["tphone", NOT_PHONE],
    },
    { path: "/?index", who: "anonymous", fields: { intent: "newsletter", email: "a@example.org" }, breaker: ["email", NOT_EMAIL] },
    {
      path: "/?index",
      who: "anonymous",
      fields: { intent: "contact", emailOrPhone: "a@example.org" },
      breaker: ["emailOrPhone", NOT_EMAIL],
    },
  ],
  /** A devotee's own account: profile, password, cart, favourites, transactions. */
  devoteeAccount: [
    {
      path: "/account",
      who: "devotee",
      fields: { intent: "profile", firstName: "Lakshmi", mobile: "9847012345", city: "Thrissur" },
      breaker: ["mobile", NOT_PHONE],
    },
    {
      path: "/account",
      who: "devotee",
      fields: { intent: "password", currentPassword: "x", newPassword: "Fresh@2027", confirmPassword: "Other@2027" },
      breaker: ["confirmPassword", ["", "mismatch", "ഒന്ന്"]],
    },
    { path: "/cart", who: "devotee", fields: { intent: "remove", itemId: "1", redirectTo: "/cart" }, breaker: ["itemId", NOT_ID] },
    { path: "/cart", who: "devotee", fields: { intent: "add-request", requestId: "1" }, breaker: ["requestId", NOT_ID] },
    {
      path: "/favourites",
      who: "devotee",
      fields: { intent: "add", templeId: "1", redirectTo: "/account" },
      breaker: ["templeId", NOT_ID],
    },
    {
      path: "/account/transactions",
      who: "devotee",
      fields: { intent: "remove", trackingNo: "TRK0" },
      breaker: ["trackingNo", ["", "TRK-ഒന്ന്", "x".repeat(200)]],
    },
    {
      path: "/account?tab=transactions&view=completed",
      who: "devotee",
      fields: { intent: "move-date", lineId: "1", pujaDate: "2030-01-01", note: "" },
      breaker: ["pujaDate", NOT_DATE],
    },
    {
      path: "/account?tab=transactions&view=completed",
      who: "devotee",
      fields: { intent: "withdraw-move", changeId: "1" },
      breaker: ["changeId", NOT_ID],
    },
    { path: "/account", who: "devotee", fields: { intent: "phone-change", code: "123456" }, breaker: ["code", NOT_CODE] },
    {
      path: "/account",
      who: "devotee",
      fields: { intent: "preferences", whatsapp: "on", sms: "on", reminders: "on" },
      breaker: ["reminders", NOT_TICK],
    },
  ],
  /** A devotee booking: a temple site's puja and donation forms, a package, checkout. */
  devoteeBooking: [
    {
      path: "/t/:slug",
      who: "devotee",
      fields: {
        form: "puja",
        templePujaId: "1",
        "devotees[0].name": "Meera",
        "devotees[0].starId": "1",
        "dates[0]": "2030-01-01",
        quantity: "1",
      },
      breaker: ["dates[0]", NOT_DATE],
    },
    {
      path: "/t/:slug",
      who: "devotee",
      fields: { form: "donation", donationPurposeId: "1", devoteeName: "Meera", amount: "101" },
      breaker: ["amount", ["ഒന്ന്", "abc", "-5", "0", "NaN", ""]],
    },
    {
      path: "/page_details?packageId=1",
      who: "devotee",
      fields: { packageId: "1", devoteeName: "Meera", starId: "1", pujaDate: "2030-01-01" },
      breaker: ["pujaDate", NOT_DATE],
    },
    { path: "/checkout", who: "devotee", fields: {}, breaker: ["unused", [""]] },
  ],
  /** The temple desk: requests, bookings, dispatch, videos, and the temple's settings. */
  desk: [
    { path: "/desk/:templeId?index", who: "staff", fields: { intent: "accept", requestId: "1" }, breaker: ["requestId", NOT_ID] },
    { path: "/desk/:templeId?index", who: "staff", fields: { intent: "move-accept", changeId: "1" }, breaker: ["changeId", NOT_ID] },
    { path: "/desk/:templeId/bookings", who: "staff", fields: { intent: "done", lineId: "1" }, breaker: ["lineId", NOT_ID] },
    {
      path: "/desk/:templeId/dispatch",
      who: "staff",
      fields: { intent: "tracking", lineId: "1", trackingNo: "EK123456789IN" },
      breaker: ["lineId", NOT_ID],
    },
    { path: "/desk/:templeId/lines/1/video", who: "staff", fields: { redirectTo: "/desk/:templeId" }, breaker: ["video", ["not a file"]] },
    {
      path: "/desk/:templeId/temple",
      who: "staff",
      fields: { intent: "details", displayName: "Sree Temple", email: "t@example.org" },
      breaker: ["displayName", [""]],
    },
    {
      path: "/desk/:templeId/pujas",
      who: "staff",
      fields: { intent: "puja", pujaId: "1", rate: "100", postalCharge: "0", bookingMode: "direct", days: "0" },
      breaker: ["rate", ["ഒന്ന്", "abc", "-1", ""]],
    },
    {
      path: "/desk/:templeId/pujas/:templePujaId/seats",
      who: "staff",
      fields: { intent: "seats", dailyCapacity: "3", perDevoteeLimit: "1", weekday0: "2", weekday6: "" },
      breaker: ["dailyCapacity", ["ഒന്ന്", "abc", "-1", "1e3", "0x10", "100001"]],
    },
    {
      path: "/desk/:templeId/pujas/:templePujaId/seats",
      who: "staff",
      fields: { intent: "add-date", day: "2030-01-01", capacity: "3" },
      breaker: ["day", NOT_DATE],
    },
    {
      path: "/desk/:templeId/donations",
      who: "staff",
      fields: { intent: "purpose", name: "Annadanam", presetAmounts: "101" },
      breaker: ["name", [""]],
    },
    {
      path: "/desk/:templeId/listing",
      who: "staff",
      fields: { intent: "confirm", consent: "on" },
      breaker: ["consent", ["off", "", "yes", "ഉവ്വ്"]],
    },
    {
      path: "/desk/:templeId/messages",
      who: "staff",
      fields: {
        intent: "message",
        kind: "event",
        header: "Festival",
        body: "Ten thousand lamps.",
        startDate: "2030-01-01",
        endDate: "2030-01-02",
      },
      breaker: ["startDate", NOT_DATE],
    },
    {
      path: "/desk/:templeId/names",
      who: "staff",
      fields: { intent: "propose", text: "Guruvayur Kannan" },
      breaker: ["text", ["", "x", "Kannan ಕಣ್ಣನ್", "<b>Kannan</b>", "K".repeat(61), "১২৩"]],
    },
    {
      path: "/desk/:templeId/alerts",
      who: "staff",
      fields: { intent: "alerts", phone: "98450 12345", newBookings: "on", morningDigest: "on" },
      breaker: ["phone", [...NOT_PHONE, "+91 12345 67890", "0484 2345678", "9".repeat(40)]],
    },
    // Stopping alerts that were never set changes nothing (STAFF_A's temple has none but in the test that sets and removes them).
    { path: "/desk/:templeId/alerts", who: "staff", fields: { intent: "remove" }, breaker: ["unused", [""]] },
  ],
  /** The operator console. */
  operator: [
    {
      path: "/operator/temples",
      who: "operator",
      fields: { intent: "assign", templeId: "1", email: "s@example.org" },
      breaker: ["email", NOT_EMAIL],
    },
    {
      path: "/operator/temples/1/verification",
      who: "operator",
      fields: {
        intent: "documents",
        templeId: "1",
        trustName: "Guruvayur Devaswom",
        trustAddress: "East Nada, Guruvayur, Thrissur, Kerala",
        registrationNo: "KE/TR/1/1971",
        pan: "AAATG1234K",
        bankAccountHolder: "Guruvayur Devaswom",
        authorisedPerson: "K. Raghavan",
        documentsSeen: "on",
      },
      breaker: ["pan", ["ഒന്ന്", "abc", "12345", ""]],
    },
    {
      path: "/operator/catalog",
      who: "operator",
      fields: { intent: "deity", name: "Ganesha", imagePath: "/images/deities/ganesha.svg" },
      breaker: ["name", [""]],
    },
    {
      path: "/operator/announcements",
      who: "operator",
      fields: {
        intent: "announcement",
        header: "News",
        body: "A long enough body.",
        startDate: "2030-01-01",
        endDate: "2030-01-02",
        displayOrder: "1",
      },
      breaker: ["startDate", NOT_DATE],
    },
    {
      path: "/operator/refunds",
      who: "operator",
      fields: { intent: "outside", refundId: "1", reference: "NEFT-2611", reason: "Refunded by bank transfer" },
      breaker: ["reference", ["", "ab", " ", "x".repeat(300)]],
    },
    {
      path: "/operator/search-names?temple=1",
      who: "operator",
      fields: { intent: "weight", templeId: "1", weight: "50" },
      breaker: ["weight", ["", "101", "-1", "ഒന്ന്", "1e2", "0x10", "4.5"]],
    },
    {
      path: "/operator/messages",
      who: "operator",
      fields: { intent: "retry", messageId: "00000000-0000-4000-8000-000000000000" },
      breaker: ["messageId", [...NOT_ID, "00000000-0000-4000-8000-00000000000", "{00000000-0000-4000-8000-000000000000}"]],
    },
    {
      // The platform's fee and the devotees' convenience fee (issue 43): a kind it does not know is refused.
      path: "/operator/temples/1/fees",
      who: "operator",
      fields: { intent: "fee", templeId: "1", kind: "convenience", percent: "2.5", fixedRupees: "5", effectiveFrom: "2027-06-01" },
      breaker: ["kind", ["", "Convenience", "convenience ", "platform", "puja,donation", "സൗകര്യം", "0", "null"]],
    },
    {
      path: "/operator/temples/1/fees",
      who: "operator",
      fields: { intent: "fee", templeId: "1", kind: "convenience", percent: "2.5", fixedRupees: "5", effectiveFrom: "2027-06-01" },
      breaker: ["percent", ["50.01", "-1", "1e1", "0x10", "५", "2.555", "100", "Infinity", "NaN"]],
    },
  ],
};

/** Each route group's seed: the n-th form action of the group is fuzzed from seed + n. */
const SEEDS: Record<FormGroup | "legacy", number> = {
  account: 20261100,
  public: 20261200,
  devoteeAccount: 20261300,
  devoteeBooking: 20261400,
  desk: 20261500,
  operator: 20261600,
  legacy: 20261700,
};

/** Requests a form action gets: 80 rounds of three (malformed transport, malformed values, and from someone the form is not for). */
const PER_FORM = 240;
/** Requests the legacy paths get, in rounds of every path. */
const LEGACY_SHARE = 2_900;

/** The requests the fuzz tests send in all (each test asserts it sent its own share). */
export const FUZZ_TOTAL = Object.values(FORM_GROUPS).reduce((sum, targets) => sum + targets.length * PER_FORM, 0) + LEGACY_SHARE;

/**
 * A fuzz test's timeout: over 4 times the longest measured on a 2-core machine with other
 * work running (a form action's test took 2–23 s alone and at most 28 s beside another
 * Vitest run; the legacy test 6 s and 12 s; see the README).
 */
export const FUZZ_TIMEOUT = 120_000;

/** The route group's form actions as tests: a title (with the seed) and what it runs. */
export function formTests(group: FormGroup): { title: string; run: () => Promise<void> }[] {
  return FORM_GROUPS[group].map((target, n) => {
    const form = target.fields.intent ?? target.fields.form;
    const seed = SEEDS[group] + n;
    return {
      title: `answers ${PER_FORM} malformed posts to ${target.path}${form ? ` (${form})` : ""} without a 5xx, internals or a change (seed ${seed})`,
      run: () => fuzzForm(target, seed),
    };
  });
}

/** A value from the pools a careless or hostile client sends. */
function oddValue(r: Rng): string {
  const kind = r.int(7);
  if (kind === 0) return r.pick(INDIAN_TEXT);
  if (kind === 1) return r.pick(ODD_NUMBERS);
  if (kind === 2) return Array.from({ length: r.int(30) + 1 }, () => String.fromCharCode(r.int(0x20))).join("");
  if (kind === 3) return r.pick(INDIAN_TEXT).repeat(r.int(40) + 1);
  if (kind === 4)
    return r.pick([
      "\u0000",
      "\r\n",
      "\u202e",
      "\ufeff",
      "\ud800",
      "%00",
      "../../etc/passwd",
      "<script>alert(1)</script>",
      "'; drop table customers; --",
    ]);
  if (kind === 5) return "x".repeat(r.int(5000));
  return "";
}

/** A field name no form of ours has. */
function oddName(r: Rng): string {
  return r.pick([
    `dates[${50_000_000 + r.int(1000)}]`,
    `x[${2_000_000 + r.int(1000)}]`,
    "a[0][1][2][3][4]",
    `devotees[${r.int(100_000)}].name`,
    "n".repeat(200 + r.int(1000)),
    "__proto__",
    "constructor[prototype]",
    "dates[]",
    "dates[-1]",
    "dates[1e9]",
    r.pick(INDIAN_TEXT),
    "\u0000",
  ]);
}

type Body = { body: BodyInit | null; contentType: string | null };

function urlencoded(pairs: [string, string][]): string {
  return new URLSearchParams(pairs).toString();
}

/**
 * A request body that is refused before any form is read (type, size, shape); where a
 * body could still get through (an odd but bounded name), its breaker value refuses it.
 */
function transportMalformed(r: Rng, fields: Record<string, string>, breaker?: Target["breaker"]): Body {
  const base = Object.entries(breaker ? { ...fields, [breaker[0]]: r.pick(breaker[1]) } : fields);
  switch (r.int(10)) {
    case 0:
      return { body: JSON.stringify(fields), contentType: "application/json" };
    case 1:
      return {
        body: urlencoded(base),
        contentType: r.pick(["text/plain", "application/xml", "image/png", "application/x-www-form-urlencodedx", ""]),
      };
    case 2:
      return { body: `${urlencoded(base)}&${"pad=".concat("x".repeat(70 * 1024))}`, contentType: "application/x-www-form-urlencoded" };
    case 3:
      return {
        body: urlencoded([...base, ...Array.from({ length: 250 + r.int(5000) }, (_, i) => [`f${i}`, "1"] as [string, string])]),
        contentType: "application/x-www-form-urlencoded",
      };
    case 4:
      return { body: urlencoded([...base, [oddName(r), "x"]]), contentType: "application/x-www-form-urlencoded" };
    case 5:
      return { body: `${urlencoded(base)}&${"dup=1&".repeat(300)}`, contentType: "application/x-www-form-urlencoded" };
    case 6:
      return { body: '--b\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--b', contentType: "multipart/form-data; boundary=b" };
    case 7:
      return { body: urlencoded(base), contentType: "multipart/form-data" };
    case 8:
      return { body: `{"a":${"[".repeat(5000)}`, contentType: "application/json" };
    default:
      return {
        body: `${urlencoded(base)}&${urlencoded([[oddName(r), "1"]])}`,
        contentType: "application/x-www-form-urlencoded; charset=utf-8",
      };
  }
}

/** A well-formed form whose values are odd, with its breaker field always refused. */
function valueMalformed(r: Rng, target: Target): Body {
  const fields: Record<string, string> = { ...target.fields };
  const names = Object.keys(fields);
  for (let i = r.int(3); i > 0 && names.length; i--) fields[r.pick(names)] = oddValue(r);
  fields[target.breaker[0]] = r.pick(target.breaker[1]);
  const pairs = Object.entries(fields);
  if (r.next() < 0.3) {
    const form = new FormData();
    for (const [k, v] of pairs) form.append(k, v);
    return { body: form, contentType: null };
  }
  return { body: urlencoded(pairs), contentType: "application/x-www-form-urlencoded" };
}

type Send = (path: string, who: Who, body: Body) => Promise<void>;

/**
 * Signs in `roles`, takes the database's checksum, then sends whole rounds of `round` from
 * `seed` until `share` requests are sent, each checked as it comes back (no 5xx, no
 * internals, under 256 KiB); then checks that no table changed (the rate-limit counters
 * aside) and that whoever was signed in still is.
 */
async function fuzz(name: string, seed: number, share: number, roles: Who[], round: (send: Send, r: Rng) => Promise<void>) {
  const started = Date.now();
  const templeId = await templeOf(STAFF_A.email);
  const browsers: Partial<Record<Who, TestBrowser>> = { anonymous: new TestBrowser() };
  if (roles.includes("devotee")) browsers.devotee = await demoBrowser();
  if (roles.includes("staff")) browsers.staff = await signedIn(STAFF_A);
  if (roles.includes("operator")) browsers.operator = await signedIn(OPERATOR);
  const before = await databaseChecksum(["rate_limits"]);
  const sending = Date.now();
  const r = rng(seed);
  const statuses: Record<number, number> = {};
  let sent = 0;
  let largest = 0;

  const send: Send = async (path, who, { body, contentType }) => {
    const browser = browsers[who]!;
    const headers: Record<string, string> = {
      origin: ORIGIN,
      cookie: browser.cookieHeader(),
      "cf-connecting-ip": `203.0.113.${r.int(250)}`,
    };
    if (contentType !== null) headers["content-type"] = contentType;
    const response = await exports.default.fetch(`${ORIGIN}${path}`, { method: "POST", headers, body, redirect: "manual" });
    const text = await response.text();
    sent += 1;
    statuses[response.status] = (statuses[response.status] ?? 0) + 1;
    largest = Math.max(largest, text.length);
    const label = `request ${sent} of seed ${seed}: ${who} POST ${path} (${contentType}) ← ${typeof body === "string" ? body.slice(0, 100) : "form-data"}`;
    expect(response.status, label).toBeLessThan(500);
    expect(text.length, label).toBeLessThan(MAX_RESPONSE_BYTES);
    expect(
      INTERNALS.filter((sign) => sign.test(text)),
      `${label}: internals shown`,
    ).toEqual([]);
  };

  while (sent < share) await round(send, r);
  const sendingSeconds = (Date.now() - sending) / 1000;
  const after = await databaseChecksum(["rate_limits"]);
  expect(
    Object.keys(after).filter((table) => after[table] !== before[table]),
    "tables changed",
  ).toEqual([]);
  // Whoever was signed in still is: nothing above ended their sessions.
  if (browsers.devotee) expect((await browsers.devotee.get("/account")).status, "the devotee is still signed in").toBe(200);
  if (browsers.staff) expect((await browsers.staff.get(`/desk/${templeId}`)).status, "the temple staff is still signed in").toBe(200);
  if (browsers.operator) expect((await browsers.operator.get("/operator")).status, "the operator is still signed in").toBe(200);
  expect(sent).toBeGreaterThanOrEqual(share);
  const seconds = (Date.now() - started) / 1000;
  const setup = (seconds - sendingSeconds).toFixed(1);
  console.log(
    `fuzz ${name} (seed ${seed}): ${sent} requests in ${seconds.toFixed(1)} s (${setup} s signing in ` +
      `and checking), statuses ${JSON.stringify(statuses)}, largest answer ${largest} bytes`,
  );
}

/**
 * A form action, sent (a round) a malformed transport and malformed values as the role it
 * is for, and a malformed transport from someone it is not for (signed out or another role).
 */
async function fuzzForm(form: Target, seed: number) {
  const templeId = await templeOf(STAFF_A.email);
  const site = await env.DB.prepare("select slug from temples where online_booking = 1 and verified = 1 order by id limit 1").first<{
    slug: string;
  }>();
  const puja = await env.DB.prepare("select id from temple_pujas where temple_id = ? order by id limit 1")
    .bind(templeId)
    .first<{ id: number }>();
  const place = (text: string) =>
    text.replace(":templeId", String(templeId)).replace(":templePujaId", String(puja!.id)).replace(":slug", site!.slug);
  const target: Target = {
    ...form,
    path: place(form.path),
    fields: Object.fromEntries(Object.entries(form.fields).map(([k, v]) => [k, place(v)])),
  };
  const roles = [...new Set<Who>(["anonymous", "devotee", "staff", target.who])];
  await fuzz(target.path, seed, PER_FORM, roles, async (send, r) => {
    await send(target.path, target.who, transportMalformed(r, target.fields, target.breaker));
    await send(target.path, target.who, valueMalformed(r, target));
    // The same form from someone it is not for: signed out, or the wrong role.
    await send(target.path, r.pick(["anonymous", "devotee", "staff"] as const), transportMalformed(r, target.fields, target.breaker));
  });
}

/** The legacy paths' test: a title (with the seed) and what it runs. */
export function legacyTest(): { title: string; run: () => Promise<void> } {
  return {
    title: `answers ${LEGACY_SHARE.toLocaleString("en")}+ malformed posts to every legacy path without a 5xx, internals or a change (seed ${SEEDS.legacy})`,
    run: fuzzLegacy,
  };
}

/** Every legacy path (as its OpenAPI document, generated from the route table, lists them), signed out and as a devotee. */
async function fuzzLegacy() {
  const legacyPaths = Object.keys((await openApiDocument()).paths as Record<string, unknown>);
  expect(legacyPaths.length).toBeGreaterThan(30);
  await fuzz("legacy paths", SEEDS.legacy, LEGACY_SHARE, ["anonymous", "devotee"], async (send, r) => {
    for (const path of legacyPaths) {
      const who = r.pick(["anonymous", "devotee"] as const);
      if (path.endsWith("/logout") && who !== "anonymous") continue;
      await send(path, who, transportMalformed(r, { mail: r.pick(INDIAN_TEXT), pass: oddValue(r), LanguageID: r.pick(ODD_NUMBERS) }));
    }
  });
}
