/**
 * Issue 14, "Scripts everywhere": text a person types in any Indian script is taken up to
 * each field's limit counted in characters as a person sees them (grapheme clusters), not
 * UTF-16 units, and comes back unchanged from D1, the session, the legacy API, the outbox
 * and the CSV export. One character more is refused with the field's own message.
 */
import { env, exports } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { getZodConstraint } from "@conform-to/zod/v4";
import { DESK_MESSAGES } from "~/domain/bookings/desk/desk-inputs";
import { TEMPLE_MESSAGES } from "~/domain/temples-admin/temple-inputs";
import { OPERATOR_MESSAGES } from "~/domain/temples-admin/console";
import { todayInIndia } from "~/lib/india-time";
import { profileSchema } from "~/domain/accounts/inputs";
import { characterCount, firstCharacters, isLongerThan, isPersonName, truncate } from "~/domain/text";
import { isSearchTextTooLong, SEARCH_INPUT_MAX_LENGTH, SEARCH_TEXT_MAX } from "~/domain/catalog/search";
import {
  customerRow,
  newUser,
  ORIGIN,
  outboxFor,
  pageText,
  register,
  signUp,
  TestBrowser,
  uniqueEmail,
  uniqueIp,
} from "../support/browser";
import { bookPuja, findPuja, newCustomer, offeredDate } from "../support/bookings";
import { OPERATOR, pendingRequest, signedIn, STAFF_A, templeOf } from "../support/staff";
import { LegacyClient, legacySignUp } from "../support/legacy-client";
import { decode, postForm } from "../support/public";

/** A name and an address line in each script; repeated and cut to each field's limit. */
const SCRIPTS = {
  devanagari: { name: "लक्ष्मी नारायण शर्मा", place: "श्री निवास, मंदिर मार्ग, वाराणसी" },
  malayalam: { name: "ശ്രീകൃഷ്ണൻ നമ്പൂതിരി", place: "ശ്രീ നിലയം, ക്ഷേത്രം റോഡ്, ഗുരുവായൂർ" },
  tamil: { name: "மீனாட்சி சுந்தரேஸ்வரர்", place: "ஸ்ரீ நிலையம், கோயில் தெரு, மதுரை" },
  telugu: { name: "శ్రీనివాస వేంకటేశ్వర", place: "శ్రీ నిలయం, ఆలయ వీధి, తిరుపతి" },
  kannada: { name: "ಶ್ರೀನಿವಾಸ ಕೃಷ್ಣಮೂರ್ತಿ", place: "ಶ್ರೀ ನಿಲಯ, ದೇವಸ್ಥಾನ ರಸ್ತೆ, ಉಡುಪಿ" },
} as const;

const segmenter = new Intl.Segmenter("en", { granularity: "grapheme" });
const clusters = (text: string) => Array.from(segmenter.segment(text), (s) => s.segment);

/**
 * Exactly `n` characters (as a person counts them) of `base` repeated, ending in a letter, in
 * NFC, and longer than `n` in UTF-16 units: the text a limit of `n` must take.
 */
function ofLength(base: string, n: number): string {
  const all = clusters(`${base} `.repeat(Math.ceil(n / clusters(base).length) + 3));
  const separator = (cluster: string | undefined) => !cluster || /^[\s,]+$/.test(cluster);
  for (let start = 0; start < all.length - n; start++) {
    const taken = all.slice(start, start + n);
    if (separator(taken[0]) || separator(taken.at(-1))) continue;
    const text = taken.join("");
    // Joined anew, a cut can fuse two clusters (a virama before a consonant): try the next cut.
    if (clusters(text).length !== n) continue;
    expect(text.length).toBeGreaterThan(n);
    expect(text.trim()).toBe(text);
    expect(text.normalize("NFC")).toBe(text);
    return text;
  }
  throw new Error(`no ${n}-character cut of ${base}`);
}

/** The same string, compared byte for byte as UTF-8 (what D1, KV and the wire hold). */
function expectSameBytes(actual: unknown, expected: string) {
  expect(typeof actual).toBe("string");
  expect(new TextEncoder().encode(actual as string)).toEqual(new TextEncoder().encode(expected));
}

/** The limits of the forms' and payloads' text fields, as the schemas state them. */
const LIMIT = {
  accountName: 30,
  devoteeName: 60,
  houseName: 200,
  place: 80,
  addressName: 60,
  addressLine: 120,
  addressCity: 60,
  jobName: 30,
  comments: 1000,
  templeName: 150,
  contact: 100,
  templeAddress: 500,
  reason: 300,
  header: 150,
  body: 5000,
};

describe("character counting", () => {
  it("counts what a person sees: a conjunct or a vowel sign is part of one character", () => {
    expect(characterCount("abc")).toBe(3);
    expect(characterCount("ശ്രീ")).toBe(clusters("ശ്രീ").length);
    expect(characterCount("नमस्ते")).toBeLessThan("नमस्ते".length);
    expect(characterCount("x".repeat(1000), 10)).toBe(11);
    expect(isLongerThan("x".repeat(10), 10)).toBe(false);
    expect(isLongerThan("x".repeat(11), 10)).toBe(true);
    expect(isLongerThan(ofLength(SCRIPTS.malayalam.name, 30), 30)).toBe(false);
  });

  it("never cuts inside a character", () => {
    const name = ofLength(SCRIPTS.devanagari.name, 50);
    expect(firstCharacters(name, 40)).toBe(clusters(name).slice(0, 40).join(""));
    expect(truncate(name, 40)).toBe(`${clusters(name).slice(0, 40).join("").trimEnd()}…`);
    expect(isPersonName(ofLength(SCRIPTS.tamil.name, 30), 30)).toBe(true);
    expect(isPersonName(ofLength(SCRIPTS.tamil.name, 31), 30)).toBe(false);
  });

  it("search text is counted the same way", () => {
    const text = ofLength(SCRIPTS.kannada.place, 100);
    expect(text.length).toBeGreaterThan(100);
    expect(isSearchTextTooLong(text)).toBe(false);
    expect(isSearchTextTooLong(ofLength(SCRIPTS.kannada.place, 101))).toBe(true);
  });

  it("gives inputs no maxLength (UTF-16 units in browsers) that would cut Indic text before the server's limit", () => {
    const constraint = getZodConstraint(profileSchema);
    expect(constraint.houseName?.maxLength ?? Infinity).toBeGreaterThanOrEqual(ofLength(SCRIPTS.malayalam.place, 200).length);
    expect(constraint.lastName?.maxLength ?? Infinity).toBeGreaterThanOrEqual(ofLength(SCRIPTS.devanagari.name, 30).length);
    expect(SEARCH_INPUT_MAX_LENGTH).toBeGreaterThanOrEqual(ofLength(SCRIPTS.malayalam.place, SEARCH_TEXT_MAX).length);
  });
});

describe("inputs with a maxLength (counted in UTF-16 units by browsers) leave room for Indic text", () => {
  const maxLengthOf = (html: string, marker: string) => {
    const input = html.match(new RegExp(`<input[^>]*${marker}[^>]*>`))?.[0];
    expect(input, marker).toBeDefined();
    return Number(input!.match(/maxlength="(\d+)"/i)?.[1] ?? Infinity);
  };

  it("search boxes and the console's package text", async () => {
    const search = ofLength(SCRIPTS.malayalam.place, SEARCH_TEXT_MAX).length;
    expect(maxLengthOf(await (await new TestBrowser().get("/")).text(), 'id="temple-search"')).toBeGreaterThanOrEqual(search);
    const operator = await signedIn(OPERATOR);
    expect(maxLengthOf(await (await operator.get("/operator/temples")).text(), 'id="temple-query"')).toBeGreaterThanOrEqual(search);
    expect(maxLengthOf(await (await operator.get("/operator/catalog")).text(), 'name="homePageShortDesc"')).toBeGreaterThanOrEqual(
      ofLength(SCRIPTS.devanagari.place, 200).length,
    );
  });
});

describe("raw size is still bounded before anything is counted", () => {
  const legacySignup = (firstName: string) =>
    exports.default.fetch(`${ORIGIN}/client/user/signup`, {
      method: "POST",
      headers: { "content-type": "application/json", "cf-connecting-ip": uniqueIp() },
      body: JSON.stringify({ LoginID: uniqueEmail(), FirstName: firstName, Password: "Temple@108", PhoneMobile: "9876543210" }),
    });

  it("refuses a 1 MB name in a form (413) and in a legacy payload (413, 'Payload too large')", async () => {
    const huge = "ക".repeat(1_000_000);
    expect((await register(new TestBrowser(), newUser({ name: huge }))).status).toBe(413);
    const legacy = await legacySignup(huge);
    expect(legacy.status).toBe(413);
    expect(await legacy.json()).toMatchObject({ error: "payload_too_large", field: "body", message: "Payload too large" });
  });

  it("refuses a name as long as the body allows with the field's message", async () => {
    const response = await register(new TestBrowser(), newUser({ name: "ക".repeat(6_000) }));
    expect(response.status).toBe(400);
    expect(await pageText(response)).toContain("Enter valid name!");
    const legacy = await legacySignup("ക".repeat(20_000));
    expect(legacy.status).toBe(400);
    expect(await legacy.json()).toMatchObject({ field: "FirstName", message: "At most 100 characters" });
  });
});

let templeA: number;
beforeAll(async () => {
  templeA = await templeOf(STAFF_A.email);
});

describe.each(Object.entries(SCRIPTS))("%s text at each field's limit", (_script, { name, place }) => {
  it("signs up on the portal, is greeted by the session and mailed by name; the profile and its address round-trip", async () => {
    const browser = new TestBrowser();
    const accountName = ofLength(name, LIMIT.accountName);
    const user = await signUp(browser, newUser({ name: accountName }));
    expectSameBytes((await customerRow(user.email))?.first_name, accountName);
    const [mail] = await outboxFor(user.email);
    expect(mail?.text).toContain(`Namaste ${accountName},`);
    expect(mail?.html).toContain(accountName);
    // The header's greeting comes from the session record in KV.
    expect(await pageText(await browser.get("/"))).toContain(accountName);

    const profile = {
      intent: "profile",
      firstName: ofLength(name, LIMIT.accountName),
      lastName: ofLength(name.split(" ").reverse().join(" "), LIMIT.accountName),
      mobile: user.mobile,
      houseName: ofLength(place, LIMIT.houseName),
      city: ofLength(place, LIMIT.place),
      district: ofLength(name, LIMIT.place),
      state: ofLength(place.split(", ").reverse().join(", "), LIMIT.place),
      postalCode: "560004",
    };
    const saved = await browser.post("/account", profile);
    expect(saved.status).toBe(200);
    expect(await pageText(saved)).toContain("Your profile has been updated.");
    const row = await customerRow(user.email);
    expectSameBytes(row?.first_name, profile.firstName);
    expectSameBytes(row?.last_name, profile.lastName);
    expectSameBytes(row?.house_name, profile.houseName);
    expectSameBytes(row?.city, profile.city);
    expectSameBytes(row?.district, profile.district);
    expectSameBytes(row?.state, profile.state);
    const form = decode(await (await browser.get("/account")).text());
    for (const value of [profile.firstName, profile.lastName, profile.houseName, profile.city, profile.district, profile.state])
      expect(form).toContain(`value="${value}"`);

    const over = await browser.post("/account", { ...profile, firstName: ofLength(name, LIMIT.accountName + 1) });
    expect(over.status).toBe(400);
    expect(await pageText(over)).toContain("Invalid Name");
    const overHouse = await browser.post("/account", { ...profile, houseName: ofLength(place, LIMIT.houseName + 1) });
    expect(overHouse.status).toBe(400);
    expectSameBytes((await customerRow(user.email))?.house_name, profile.houseName);

    const refused = await register(new TestBrowser(), newUser({ name: ofLength(name, LIMIT.accountName + 1) }));
    expect(refused.status).toBe(400);
    expect(await pageText(refused)).toContain("Enter valid name!");
  });

  it("books a puja for a devotee with prasad to a new address; the cart and D1 keep every character", async () => {
    const { browser, customerId } = await newCustomer();
    const puja = await findPuja("direct", true);
    const devotee = ofLength(name, LIMIT.devoteeName);
    const address = {
      addressName: ofLength(name, LIMIT.addressName),
      addressLine1: ofLength(place, LIMIT.addressLine),
      addressCity: ofLength(place, LIMIT.addressCity),
      addressState: ofLength(name, LIMIT.addressCity),
    };
    const response = await bookPuja(browser, puja, {
      "devotees[0].name": devotee,
      postal: "on",
      addressId: "new",
      ...address,
      addressPostalCode: "600004",
    });
    expect(response.status).toBe(303);
    const line = await env.DB.prepare("select devotee_name from cart_items where customer_id = ?")
      .bind(customerId)
      .first<{ devotee_name: string }>();
    expectSameBytes(line?.devotee_name, devotee);
    const stored = await env.DB.prepare("select name, line1, city, state from addresses where customer_id = ?")
      .bind(customerId)
      .first<Record<string, string>>();
    expectSameBytes(stored?.name, address.addressName);
    expectSameBytes(stored?.line1, address.addressLine1);
    expectSameBytes(stored?.city, address.addressCity);
    expectSameBytes(stored?.state, address.addressState);
    expect(decode(await (await browser.get("/cart")).text())).toContain(devotee);

    const over = await bookPuja(browser, puja, { "devotees[0].name": ofLength(name, LIMIT.devoteeName + 1) });
    expect(over.status).toBe(400);
    expect(await pageText(over)).toContain("Enter valid name!");
    expect(
      (await env.DB.prepare("select count(*) as n from cart_items where customer_id = ?").bind(customerId).first<{ n: number }>())?.n,
    ).toBe(1);
  });

  it("signs up, updates the profile and books through the legacy API, and reads it all back", async () => {
    const client = new LegacyClient();
    const accountName = ofLength(name, LIMIT.accountName);
    const user = await legacySignUp(client, { name: accountName });
    expectSameBytes((await customerRow(user.email))?.first_name, accountName);
    expectSameBytes((await client.call("/api/MyProfile/PopulateMyProfile")).body.FirstName, accountName);

    const update = {
      FirstName: accountName,
      LastName: ofLength(name, LIMIT.accountName),
      PhoneMobile: "9123456789",
      HouseName: ofLength(place, LIMIT.houseName),
      District: ofLength(place, LIMIT.place),
      State: ofLength(name, LIMIT.place),
    };
    expect((await client.call("/api/MyProfile/Update", update)).body).toEqual({
      Status: "success",
      RESULT: "Your profile has been updated.",
    });
    const { body } = await client.call("/api/MyProfile/PopulateMyProfile");
    for (const key of ["FirstName", "LastName", "HouseName", "District", "State"] as const) expectSameBytes(body[key], update[key]);
    const tooLong = await client.call("/api/MyProfile/Update", { ...update, FirstName: ofLength(name, LIMIT.accountName + 1) });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body).toMatchObject({ field: "FirstName", message: "Invalid Name" });

    const puja = await findPuja("direct");
    const base = { TempleID: puja.temple_id, PujaID: puja.puja_id, DevoteeStar: "5", PujaQuantity: "1", dates: offeredDate(puja) };
    const devotee = ofLength(name, LIMIT.devoteeName);
    const added = await client.call("/api/request/addtolist", { ...base, DevoteeName: devotee });
    expect(added.body).toMatchObject({ result: "1", Mode: "cart", Count: 1 });
    const customer = await customerRow(user.email);
    const line = await env.DB.prepare("select devotee_name from cart_items where customer_id = ? order by id desc")
      .bind(customer!.id)
      .first<{ devotee_name: string }>();
    expectSameBytes(line?.devotee_name, devotee);
    const over = await client.call("/api/request/addtolist", { ...base, DevoteeName: ofLength(name, LIMIT.devoteeName + 1) });
    expect(over.status).toBe(400);
    expect(over.body).toMatchObject({ field: "DevoteeName", message: "Enter valid name!" });
  });

  it("takes enquiries from the forms and the legacy API; the CSV export has a BOM and the exact text", async () => {
    const email = uniqueEmail("jobs");
    const job = { name: ofLength(name, LIMIT.jobName), email, phone: "9847012345", comments: ofLength(place, LIMIT.comments) };
    const posted = await postForm("/jobs", job);
    expect(posted.status).toBe(303);
    const stored = await env.DB.prepare("select name, comments from job_enquiries where email = ?")
      .bind(email)
      .first<Record<string, string>>();
    expectSameBytes(stored?.name, job.name);
    expectSameBytes(stored?.comments, job.comments);

    const legacyEmail = uniqueEmail("legacyjobs");
    const legacy = await new LegacyClient().call("/api/common/storeJobsContact", {
      firstname: ofLength(place.replace(/,/g, ""), LIMIT.jobName),
      email: legacyEmail,
      comments: ofLength(name, LIMIT.comments),
    });
    expect(legacy.body.Status).toBe("success");
    const legacyRow = await env.DB.prepare("select name, comments from job_enquiries where email = ?")
      .bind(legacyEmail)
      .first<Record<string, string>>();
    expectSameBytes(legacyRow?.name, ofLength(place.replace(/,/g, ""), LIMIT.jobName));
    expectSameBytes(legacyRow?.comments, ofLength(name, LIMIT.comments));

    const registration = {
      tname: ofLength(place, LIMIT.templeName),
      tlocation: ofLength(place, LIMIT.templeName),
      tcontact: ofLength(name, LIMIT.contact),
      tphone: "+91 98470 12345",
      taddress: ofLength(place, LIMIT.templeAddress),
    };
    expect((await postForm("/temple-signup", registration)).status).toBe(303);
    const temple = await env.DB.prepare("select temple_name, contact_person, address from temple_registrations where contact_person = ?")
      .bind(registration.tcontact)
      .first<Record<string, string>>();
    expectSameBytes(temple?.temple_name, registration.tname);
    expectSameBytes(temple?.address, registration.taddress);

    const operator = await signedIn(OPERATOR);
    for (const [kind, values] of [
      ["jobs", [job.name, job.comments]],
      ["registrations", [registration.tname, registration.tcontact, registration.taddress]],
    ] as const) {
      const response = await operator.get(`/operator/export/${kind}`);
      expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
      const bytes = new Uint8Array(await response.arrayBuffer());
      expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      const csv = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true }).decode(bytes);
      for (const value of values) expect(csv).toContain(`"${value}"`);
    }

    const overName = await postForm("/jobs", { ...job, name: ofLength(name, LIMIT.jobName + 1) });
    expect(overName.status).toBe(400);
    expect(await pageText(overName)).toContain("Enter Name");
    const overComments = await postForm("/jobs", { ...job, comments: ofLength(place, LIMIT.comments + 1) });
    expect(overComments.status).toBe(400);
    expect(await pageText(overComments)).toContain("Keep your message under 1,000 characters");
    const overTemple = await postForm("/temple-signup", { ...registration, tname: ofLength(place, LIMIT.templeName + 1) });
    expect(overTemple.status).toBe(400);
    expect(await pageText(overTemple)).toContain("Please provide temple name");
  });

  it("staff content: a temple's event and the console's announcement at full length (heading 150, text 5,000)", async () => {
    const staff = await signedIn(STAFF_A);
    const operator = await signedIn(OPERATOR);
    const today = todayInIndia();
    const header = ofLength(`${place} ${crypto.randomUUID().slice(0, 4)}`, LIMIT.header);
    const body = ofLength(place, LIMIT.body);
    const fields = { intent: "message", kind: "event", header, body, startDate: today, endDate: "2030-01-01" };
    const posted = await staff.post(`/desk/${templeA}/messages`, fields);
    expect(posted.status).toBe(303);
    const row = await env.DB.prepare("select id, body from messages where header = ? and temple_id = ?")
      .bind(header, templeA)
      .first<{ id: number; body: string }>();
    expectSameBytes(row?.body, body);
    expect(decode(await (await staff.get(`/desk/${templeA}/messages`)).text())).toContain(header);
    expect((await staff.post(`/desk/${templeA}/messages`, { intent: "delete", messageId: String(row!.id) })).status).toBe(303);
    const over = await staff.post(`/desk/${templeA}/messages`, { ...fields, body: ofLength(place, LIMIT.body + 1) });
    expect(over.status).toBe(400);
    expect(await pageText(over)).toContain(TEMPLE_MESSAGES.body);

    const announcement = {
      intent: "announcement",
      header,
      body,
      displayOrder: "998",
      startDate: today,
      endDate: "2030-12-31",
      footerUrl: "",
    };
    expect((await operator.post("/operator/announcements", announcement)).status).toBe(303);
    const stored = await env.DB.prepare("select id, header, body from messages where header = ? and temple_id is null")
      .bind(header)
      .first<{ id: number; header: string; body: string }>();
    expectSameBytes(stored?.header, header);
    expectSameBytes(stored?.body, body);
    expect((await operator.post("/operator/announcements", { intent: "delete", messageId: String(stored!.id) })).status).toBe(303);
    const overHeader = await operator.post("/operator/announcements", { ...announcement, header: ofLength(place, LIMIT.header + 1) });
    expect(overHeader.status).toBe(400);
    expect(await pageText(overHeader)).toContain(OPERATOR_MESSAGES.header);
  });

  it("a temple's reason in the devotee's script reaches D1 and the email with the devotee's name", async () => {
    const staff = await signedIn(STAFF_A);
    const { requestId, user } = await pendingRequest(templeA);
    // The request's devotee name as a booking stores it (the booking tests above send it through the forms).
    const devotee = ofLength(name, LIMIT.devoteeName);
    await env.DB.prepare("update requests set devotee_name = ? where id = ?").bind(devotee, requestId).run();
    const over = await staff.post(`/desk/${templeA}?index`, {
      intent: "reject",
      requestId: String(requestId),
      reason: ofLength(place, LIMIT.reason + 1),
    });
    expect(over.status).toBe(400);
    expect(await pageText(over)).toContain(DESK_MESSAGES.reasonTooLong);
    const reason = ofLength(place, LIMIT.reason);
    expect((await staff.post(`/desk/${templeA}?index`, { intent: "reject", requestId: String(requestId), reason })).status).toBe(303);
    const row = await env.DB.prepare("select staff_note from requests where id = ?").bind(requestId).first<{ staff_note: string }>();
    expectSameBytes(row?.staff_note, reason);
    const [mail] = await outboxFor(user.email);
    expect(mail?.text).toContain(`Reason: ${reason}`);
    expect(mail?.text).toContain(devotee);
  });
});
