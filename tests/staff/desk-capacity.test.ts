/**
 * A puja's seats a day at the desk: staff set the capacity, a devotee's limit and exceptions by
 * weekday and by date for their own temple only; a lowered capacity keeps what is booked and
 * says so; the day sheet shows booked / capacity and the requests what their day has left.
 */
import { env } from "cloudflare:workers";
import { PDFDocument } from "pdf-lib/dist/pdf-lib.esm.js";
import { beforeAll, describe, expect, it } from "vitest";
import { DESK_MESSAGES } from "~/domain/bookings/desk/desk-inputs";
import { addDays } from "~/domain/bookings/cart/inputs";
import { CAPACITY_MESSAGES as M, MAX_CAPACITY_DATES } from "~/domain/temples-admin/puja-capacity-inputs";
import { longDate } from "~/domain/text";
import { todayInIndia } from "~/lib/india-time";
import { m } from "~/paraglide/messages";
import { pageText } from "../support/browser";
import { newCustomer } from "../support/bookings";
import { auditRows, signedIn, STAFF_A, STAFF_B, templeOf } from "../support/staff";

let templeA: number;
let templeB: number;
beforeAll(async () => {
  templeA = await templeOf(STAFF_A.email);
  templeB = await templeOf(STAFF_B.email);
});

const seatsPath = (templeId: number, templePujaId: number) => `/desk/${templeId}/pujas/${templePujaId}/seats`;

/**
 * A puja of its own at the temple, so no other test's bookings or capacity meet this file's:
 * off (devotees cannot book it from the site) unless `active`.
 */
async function freshPuja(templeId: number, options: { mode?: "direct" | "request"; active?: boolean } = {}) {
  const name = `Seats Puja ${crypto.randomUUID().slice(0, 8)}`;
  const puja = await env.DB.prepare("insert into pujas (name) values (?) returning id").bind(name).first<{ id: number }>();
  const row = await env.DB.prepare(
    `insert into temple_pujas (temple_id, puja_id, rate, postal_charge, booking_mode, days_offered, active)
     values (?, ?, 25100, 0, ?, '0123456', ?) returning id`,
  )
    .bind(templeId, puja!.id, options.mode ?? "direct", options.active ? 1 : 0)
    .first<{ id: number }>();
  return { id: row!.id, name };
}

/** Seats taken as a payment (booked) or a checkout (held for 30 minutes) takes them: the trigger refuses past capacity. */
async function takeSeats(templeId: number, templePujaId: number, day: string, quantity: number, kind: "booked" | "held" = "booked") {
  const customer = await env.DB.prepare("select id from customers order by id limit 1").first<{ id: number }>();
  const now = new Date();
  await env.DB.prepare(
    `insert into puja_seats (temple_puja_id, temple_id, puja_date, quantity, customer_id, kind, expires_at, created_at)
     values (?, ?, ?, ?, ?, ?, ?, ?)`,
  )
    .bind(
      templePujaId,
      templeId,
      day,
      quantity,
      customer!.id,
      kind,
      kind === "held" ? new Date(now.getTime() + 30 * 60_000).toISOString() : null,
      now.toISOString(),
    )
    .run();
}

const settingsOf = (templePujaId: number) =>
  env.DB.prepare("select daily_capacity, per_devotee_limit from temple_pujas where id = ?")
    .bind(templePujaId)
    .first<{ daily_capacity: number | null; per_devotee_limit: number | null }>();

async function rulesOf(templePujaId: number) {
  const { results } = await env.DB.prepare(
    "select weekday, day, capacity from puja_capacity_rules where temple_puja_id = ? order by weekday, day",
  )
    .bind(templePujaId)
    .all<{ weekday: number | null; day: string | null; capacity: number }>();
  return results;
}

const seatCount = async (templePujaId: number, day: string) =>
  (await env.DB.prepare("select coalesce(sum(quantity), 0) as n from puja_seats where temple_puja_id = ? and puja_date = ?")
    .bind(templePujaId, day)
    .first<{ n: number }>())!.n;

/** The settings form as a browser sends it: every field, blanks included. */
function seatsForm(values: Partial<Record<string, string>> = {}): Record<string, string> {
  const form: Record<string, string> = { intent: "seats", dailyCapacity: "", perDevoteeLimit: "" };
  for (let code = 0; code < 7; code++) form[`weekday${code}`] = "";
  return { ...form, ...values } as Record<string, string>;
}

const today = () => todayInIndia();

describe("a puja's seats a day at the desk", () => {
  it("saves the seats a day, a devotee's limit and weekday exceptions, audits them, and the pujas list says so", async () => {
    const staff = await signedIn(STAFF_A);
    const puja = await freshPuja(templeA);
    const path = seatsPath(templeA, puja.id);
    const page = await staff.get(path);
    expect(page.status).toBe(200);
    expect(await pageText(page)).toContain(`Seats a day: ${puja.name}`);

    const saved = await staff.post(path, seatsForm({ dailyCapacity: "5", perDevoteeLimit: "2", weekday0: "10", weekday3: "0" }));
    expect(saved.status).toBe(303);
    expect(saved.headers.get("location")).toBe(path);
    expect(await settingsOf(puja.id)).toEqual({ daily_capacity: 5, per_devotee_limit: 2 });
    expect(await rulesOf(puja.id)).toEqual([
      { weekday: 0, day: null, capacity: 10 },
      { weekday: 3, day: null, capacity: 0 },
    ]);
    const [audit] = await auditRows("puja.capacity", puja.id);
    expect(audit?.actor).toBe(STAFF_A.email);
    expect(audit?.temple_id).toBe(templeA);
    expect(JSON.parse(audit!.detail)).toEqual({
      dailyCapacity: 5,
      perDevoteeLimit: 2,
      counterKept: null,
      onlineKept: null,
      weekdays: { 0: 10, 3: 0 },
    });
    expect(await pageText(await staff.get(path))).toContain(M.saved);
    expect(await pageText(await staff.get(`/desk/${templeA}/pujas`))).toContain("5 a day (some days differ)");

    // The weekday exceptions are replaced as a whole; blanks clear them.
    expect((await staff.post(path, seatsForm({ dailyCapacity: "5", weekday3: "2" }))).status).toBe(303);
    expect(await rulesOf(puja.id)).toEqual([{ weekday: 3, day: null, capacity: 2 }]);
    expect((await staff.post(path, seatsForm())).status).toBe(303);
    expect(await settingsOf(puja.id)).toEqual({ daily_capacity: null, per_devotee_limit: null });
    expect(await rulesOf(puja.id)).toEqual([]);
    expect(await auditRows("puja.capacity", puja.id)).toHaveLength(3);
  });

  it("adds, changes and removes a date's own seats, and holds a puja to 60 dates ahead", async () => {
    const staff = await signedIn(STAFF_A);
    const puja = await freshPuja(templeA);
    const path = seatsPath(templeA, puja.id);
    const festival = addDays(today(), 10);
    const added = await staff.post(path, { intent: "add-date", day: festival, capacity: "20" });
    expect(added.status).toBe(303);
    expect(await rulesOf(puja.id)).toEqual([{ weekday: null, day: festival, capacity: 20 }]);
    const listed = await pageText(await staff.get(path));
    expect(listed).toContain(M.dateSaved(festival));
    expect(listed).toContain(longDate(festival));
    // The same date again changes its seats: a festival may allow none.
    expect((await staff.post(path, { intent: "add-date", day: festival, capacity: "0" })).status).toBe(303);
    expect(await rulesOf(puja.id)).toEqual([{ weekday: null, day: festival, capacity: 0 }]);
    expect(await auditRows("puja.capacity_date", puja.id)).toHaveLength(2);

    expect((await staff.post(path, { intent: "remove-date", day: festival })).status).toBe(303);
    expect(await rulesOf(puja.id)).toEqual([]);
    expect(await pageText(await staff.get(path))).toContain(M.dateRemoved(festival));
    expect(await auditRows("puja.capacity_date_remove", puja.id)).toHaveLength(1);
    // Removed twice (a second tab): told so, nothing audited.
    expect((await staff.post(path, { intent: "remove-date", day: festival })).status).toBe(303);
    expect(await pageText(await staff.get(path))).toContain(M.dateMissing);
    expect(await auditRows("puja.capacity_date_remove", puja.id)).toHaveLength(1);

    // 60 dates ahead (a past date does not count) is the most: a 61st is refused, a listed one still changes.
    const insert = env.DB.prepare("insert into puja_capacity_rules (temple_puja_id, day, capacity) values (?, ?, 3)");
    await env.DB.batch([
      insert.bind(puja.id, "2020-01-01"),
      ...Array.from({ length: MAX_CAPACITY_DATES }, (_, i) => insert.bind(puja.id, addDays(today(), i + 1))),
    ]);
    const tooMany = await staff.post(path, { intent: "add-date", day: addDays(today(), 100), capacity: "4" });
    expect(tooMany.status).toBe(409);
    expect(await pageText(tooMany)).toContain(M.tooManyDates);
    expect((await rulesOf(puja.id)).length).toBe(MAX_CAPACITY_DATES + 1);
    expect((await staff.post(path, { intent: "add-date", day: addDays(today(), 1), capacity: "9" })).status).toBe(303);
    expect((await rulesOf(puja.id)).find((rule) => rule.day === addDays(today(), 1))?.capacity).toBe(9);
    expect(await auditRows("puja.capacity_date", puja.id)).toHaveLength(3);
  });

  it("answers bad input with the field's message and changes nothing", async () => {
    const staff = await signedIn(STAFF_A);
    const puja = await freshPuja(templeA);
    const path = seatsPath(templeA, puja.id);
    expect((await staff.post(path, seatsForm({ dailyCapacity: "4", weekday1: "6" }))).status).toBe(303);
    const before = { settings: await settingsOf(puja.id), rules: await rulesOf(puja.id) };
    const audited = (await auditRows("puja.capacity", puja.id)).length;
    for (const dailyCapacity of ["abc", "-1", "1e3", "2.5", "100001", "൩"]) {
      const bad = await staff.post(path, seatsForm({ dailyCapacity }));
      expect(bad.status, dailyCapacity).toBe(400);
      expect(await pageText(bad)).toContain(M.capacity);
    }
    for (const perDevoteeLimit of ["0", "101", "x"]) {
      const bad = await staff.post(path, seatsForm({ dailyCapacity: "4", perDevoteeLimit }));
      expect(bad.status, perDevoteeLimit).toBe(400);
      expect(await pageText(bad)).toContain(M.devoteeLimit);
    }
    const badWeekday = await staff.post(path, seatsForm({ dailyCapacity: "4", weekday6: "-2" }));
    expect(badWeekday.status).toBe(400);
    expect(await pageText(badWeekday)).toContain(M.capacity);
    for (const day of ["2020-01-01", today(), addDays(today(), 400), "2030-02-30", ""]) {
      const bad = await staff.post(path, { intent: "add-date", day, capacity: "3" });
      expect(bad.status, day).toBe(400);
      expect(await pageText(bad)).toContain(M.date);
    }
    const noSeats = await staff.post(path, { intent: "add-date", day: addDays(today(), 3), capacity: "" });
    expect(noSeats.status).toBe(400);
    expect(await pageText(noSeats)).toContain(M.dateCapacity);
    expect((await staff.post(path, { intent: "remove-date", day: "soon" })).status).toBe(400);
    expect({ settings: await settingsOf(puja.id), rules: await rulesOf(puja.id) }).toEqual(before);
    expect(await auditRows("puja.capacity", puja.id)).toHaveLength(audited);
  });

  it("is another temple's staff's to neither see nor change", async () => {
    const other = await signedIn(STAFF_B);
    const puja = await freshPuja(templeA);
    expect((await other.get(seatsPath(templeA, puja.id))).status).toBe(404);
    // Through their own temple's address, the puja of another temple is not found either.
    expect((await other.get(seatsPath(templeB, puja.id))).status).toBe(404);
    for (const fields of [
      seatsForm({ dailyCapacity: "0" }),
      { intent: "add-date", day: addDays(today(), 5), capacity: "0" },
      { intent: "remove-date", day: addDays(today(), 5) },
    ]) {
      expect((await other.post(seatsPath(templeB, puja.id), fields)).status, fields.intent).toBe(404);
      expect((await other.post(seatsPath(templeA, puja.id), fields)).status, fields.intent).toBe(404);
    }
    expect(await settingsOf(puja.id)).toEqual({ daily_capacity: null, per_devotee_limit: null });
    expect(await rulesOf(puja.id)).toEqual([]);
    expect(await auditRows("puja.capacity", puja.id)).toHaveLength(0);
    const staff = await signedIn(STAFF_A);
    for (const id of ["abc", "0", "-3", "1.5", "99999999999"]) {
      expect((await staff.get(`/desk/${templeA}/pujas/${id}/seats`)).status, id).toBe(404);
    }
  });

  it("keeps what is booked when staff lower a capacity below it, and says so", async () => {
    const staff = await signedIn(STAFF_A);
    const puja = await freshPuja(templeA);
    const path = seatsPath(templeA, puja.id);
    const busy = addDays(today(), 5);
    const quiet = addDays(today(), 6);
    await takeSeats(templeA, puja.id, busy, 5);
    await takeSeats(templeA, puja.id, quiet, 1);
    const lowered = await staff.post(path, seatsForm({ dailyCapacity: "3" }));
    expect(lowered.status).toBe(303);
    expect(await settingsOf(puja.id)).toMatchObject({ daily_capacity: 3 });
    expect(await seatCount(puja.id, busy)).toBe(5);
    const text = await pageText(await staff.get(path));
    expect(text).toContain(M.savedKept(1));
    expect(text).toContain(m.desk_seats_kept_day({ date: longDate(busy), booked: 5, capacity: 3 }));
    // The notice names only the day past its capacity (the next days' table below the form lists every day).
    expect(text.slice(0, text.indexOf(m.desk_seats_form_title()))).not.toContain(longDate(quiet));
    // A festival date lowered further: kept too, and told at once.
    expect((await staff.post(path, { intent: "add-date", day: busy, capacity: "2" })).status).toBe(303);
    expect(await pageText(await staff.get(path))).toContain(M.dateSavedKept(busy, 5, 2));
    expect(await seatCount(puja.id, busy)).toBe(5);
    // Nothing more is taken on that day; the other day still has room.
    await expect(takeSeats(templeA, puja.id, busy, 1)).rejects.toThrow(/puja_seats_full/);
    await takeSeats(templeA, puja.id, quiet, 2);
    expect(await seatCount(puja.id, quiet)).toBe(3);
  });

  it("shows booked / capacity on the day sheet and its PDF, with what payments hold and Full", async () => {
    const staff = await signedIn(STAFF_A);
    const limited = await freshPuja(templeA);
    const unlimited = await freshPuja(templeA);
    const offered = await freshPuja(templeA, { active: true });
    const day = addDays(today(), 8);
    expect((await staff.post(seatsPath(templeA, limited.id), seatsForm({ dailyCapacity: "2" }))).status).toBe(303);
    expect((await staff.post(seatsPath(templeA, offered.id), seatsForm({ dailyCapacity: "4" }))).status).toBe(303);
    await takeSeats(templeA, limited.id, day, 1);
    await takeSeats(templeA, limited.id, day, 1, "held");
    await takeSeats(templeA, unlimited.id, day, 3);
    const sheet = await pageText(await staff.get(`/desk/${templeA}/bookings?date=${day}`));
    expect(sheet).toContain(m.desk_sheet_seats_title());
    expect(sheet).toContain(`${limited.name} — 1 / 2 booked · 1 more held while devotees pay · online 1 · counter 0 · left 0 Full`);
    // Limited and offered that day, nothing booked yet: 0 / 4.
    expect(sheet).toContain(`${offered.name} — 0 / 4 booked`);
    expect(sheet).not.toContain(unlimited.name);
    const pdf = await staff.get(`/desk/${templeA}/day-sheet/${day}`);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    expect((await PDFDocument.load(await pdf.arrayBuffer())).getPageCount()).toBeGreaterThan(0);
  });

  it("shows each request what its day has left, takes seats on accepting, and refuses a full day", async () => {
    const staff = await signedIn(STAFF_A);
    const puja = await freshPuja(templeA, { mode: "request" });
    const day = addDays(today(), 12);
    expect((await staff.post(seatsPath(templeA, puja.id), seatsForm({ dailyCapacity: "2" }))).status).toBe(303);
    await takeSeats(templeA, puja.id, day, 1);
    const requestIds: number[] = [];
    for (const devoteeName of ["Lakshmi Menon", "Arjun Nair"]) {
      const { customerId } = await newCustomer();
      const row = await env.DB.prepare(
        `insert into requests (customer_id, temple_id, temple_puja_id, devotee_name, devotee_star_id, puja_date, quantity, rate, postal_charge, status)
         values (?, ?, ?, ?, 4, ?, 1, 25100, 0, 2) returning id`,
      )
        .bind(customerId, templeA, puja.id, devoteeName, day)
        .first<{ id: number }>();
      requestIds.push(row!.id);
    }
    const before = await pageText(await staff.get(`/desk/${templeA}`));
    expect(before).toContain("1 of 2 left");
    const accept = (requestId: number) => staff.post(`/desk/${templeA}?index`, { intent: "accept", requestId: String(requestId) });
    expect((await accept(requestIds[0]!)).status).toBe(303);
    expect(await seatCount(puja.id, day)).toBe(2);
    const after = await pageText(await staff.get(`/desk/${templeA}`));
    expect(after).toContain("Arjun Nair");
    expect(after).toContain(m.desk_seats_full());
    expect(after).not.toContain("1 of 2 left");
    expect((await accept(requestIds[1]!)).status).toBe(303);
    expect(await pageText(await staff.get(`/desk/${templeA}`))).toContain(DESK_MESSAGES.dayFull(0, 2, 1));
    const status = await env.DB.prepare("select status from requests where id = ?").bind(requestIds[1]).first<{ status: number }>();
    expect(status?.status).toBe(2);
    expect(await seatCount(puja.id, day)).toBe(2);
  });
});
