/**
 * A devotee who cannot come asks the temple to move a booked puja (My Transactions); the desk
 * moves it, its seats leaving the old day for the new one in one step, or declines with a
 * reason; the devotee is mailed in their language and no money moves. Bad asks change nothing.
 */
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { addDays } from "~/domain/bookings/cart/inputs";
import { longDate } from "~/domain/text";
import { todayInIndia } from "~/lib/india-time";
import { outboxFor, pageText, type TestBrowser } from "../support/browser";
import { newCustomer } from "../support/bookings";
import { auditRows, signedIn, STAFF_A, STAFF_B, templeOf } from "../support/staff";

let templeA: number;
beforeAll(async () => {
  templeA = await templeOf(STAFF_A.email);
});

const COMPLETED = "/account?tab=transactions&view=completed";

/** A puja of its own at the temple (every day), limited to `capacity` a day. */
async function limitedPuja(templeId: number, capacity: number | null) {
  const name = `Move Puja ${crypto.randomUUID().slice(0, 8)}`;
  const puja = await env.DB.prepare("insert into pujas (name) values (?) returning id").bind(name).first<{ id: number }>();
  const row = await env.DB.prepare(
    `insert into temple_pujas (temple_id, puja_id, rate, postal_charge, booking_mode, days_offered, active, daily_capacity)
     values (?, ?, 25100, 0, 'direct', '0123456', 1, ?) returning id`,
  )
    .bind(templeId, puja!.id, capacity)
    .first<{ id: number }>();
  return { id: row!.id, name };
}

/** A fresh devotee with one paid line of `puja` on `pujaDate`, holding its seat as a real booking does. */
async function bookedLine(templeId: number, puja: { id: number; name: string }, pujaDate: string, language: string | null = null) {
  const devotee = await newCustomer();
  if (language) await env.DB.prepare("update customers set language = ? where id = ?").bind(language, devotee.customerId).run();
  const stamp = crypto.randomUUID().slice(0, 8);
  const tx = await env.DB.prepare(
    "insert into transactions (customer_id, booking_date, receipt_no, tracking_no, status, total) values (?, ?, ?, ?, 0, 25100) returning id",
  )
    .bind(devotee.customerId, todayInIndia(), `SN-M-${stamp}`, `TRK-M-${stamp}`)
    .first<{ id: number }>();
  const line = await env.DB.prepare(
    `insert into transaction_lines (transaction_id, item_type, temple_id, temple_puja_id, item_name, devotee_name, star_id, puja_date, quantity, amount)
     values (?, 'PUJA', ?, ?, ?, 'Meera Iyer', 4, ?, 1, 25100) returning id`,
  )
    .bind(tx!.id, templeId, puja.id, puja.name, pujaDate)
    .first<{ id: number }>();
  await env.DB.prepare(
    `insert into puja_seats (temple_puja_id, temple_id, puja_date, quantity, customer_id, kind, transaction_line_id, created_at)
     values (?, ?, ?, 1, ?, 'booked', ?, ?)`,
  )
    .bind(puja.id, templeId, pujaDate, devotee.customerId, line!.id, new Date().toISOString())
    .run();
  return { ...devotee, lineId: line!.id, transactionId: tx!.id };
}

const seatsOn = async (templePujaId: number, day: string) =>
  (await env.DB.prepare("select coalesce(sum(quantity), 0) as n from puja_seats where temple_puja_id = ? and puja_date = ?")
    .bind(templePujaId, day)
    .first<{ n: number }>())!.n;

const lineDate = async (lineId: number) =>
  (await env.DB.prepare("select puja_date from transaction_lines where id = ?").bind(lineId).first<{ puja_date: string }>())!.puja_date;

const changesOf = async (lineId: number) =>
  (
    await env.DB.prepare("select id, status, from_date, to_date, staff_note from date_changes where transaction_line_id = ? order by id")
      .bind(lineId)
      .all<{ id: number; status: string; from_date: string; to_date: string; staff_note: string | null }>()
  ).results;

function ask(browser: TestBrowser, lineId: number, pujaDate: string, note = "") {
  return browser.post(COMPLETED, { intent: "move-date", lineId: String(lineId), pujaDate, note });
}

const answer = (staff: TestBrowser, changeId: number, fields: Record<string, string>) =>
  staff.post(`/desk/${templeA}?index`, { changeId: String(changeId), redirectTo: `/desk/${templeA}`, ...fields });

/** The page a redirect leads to (its toast included). */
async function followed(browser: TestBrowser, response: Response) {
  expect(response.status).toBe(303);
  return pageText(await browser.get(response.headers.get("location")!));
}

describe("moving a booked puja to another date", () => {
  it("a devotee asks, the desk moves it: the line and its seat go to the new day, the devotee is mailed in Hindi, no money moves", async () => {
    const puja = await limitedPuja(templeA, 2);
    const [from, to] = [addDays(todayInIndia(), 10), addDays(todayInIndia(), 12)];
    const { browser, user, lineId, transactionId } = await bookedLine(templeA, puja, from, "hi");

    const page = await pageText(await browser.get(COMPLETED));
    expect(page).toContain("Cannot come on the day?");
    expect(page).toContain(`Ask to move ${puja.name} for Meera Iyer (${longDate(from, "en")})`);

    const asked = await followed(browser, await ask(browser, lineId, to, "We travel that week"));
    expect(asked).toMatch(/Your request has been sent to .+\. We will e-mail you when the temple answers\./);
    expect(asked).toContain(`You asked the temple to move this puja from ${longDate(from, "en")} to ${longDate(to, "en")}`);
    const [change] = await changesOf(lineId);
    expect(change).toMatchObject({ status: "asked", from_date: from, to_date: to });

    const staff = await signedIn(STAFF_A);
    const desk = await pageText(await staff.get(`/desk/${templeA}`));
    expect(desk).toContain("Date changes asked");
    expect(desk).toContain("We travel that week");
    const paymentsBefore = await env.DB.prepare("select count(*) as n from payment_refunds").first<{ n: number }>();

    const moved = await followed(staff, await answer(staff, change!.id, { intent: "move-accept" }));
    expect(moved).toContain(`Meera Iyer's puja has been moved to ${longDate(to, "en")}`);
    expect(await lineDate(lineId)).toBe(to);
    expect([await seatsOn(puja.id, from), await seatsOn(puja.id, to)]).toEqual([0, 1]);
    expect((await changesOf(lineId))[0]?.status).toBe("moved");
    const total = await env.DB.prepare("select total from transactions where id = ?").bind(transactionId).first<{ total: number }>();
    expect(total?.total).toBe(25100);
    expect(await env.DB.prepare("select count(*) as n from payment_refunds").first<{ n: number }>()).toEqual(paymentsBefore);
    const [audit] = await auditRows("line.move", lineId);
    expect(audit?.actor).toBe(STAFF_A.email);
    expect(JSON.parse(audit!.detail)).toMatchObject({ from, to });

    const [mail] = await outboxFor(user.email);
    expect(mail?.subject).toBe(`आपकी पूजा की तिथि बदलकर ${longDate(to, "hi")} कर दी गई है`);
    expect(mail?.text).toContain(longDate(from, "hi"));

    const after = await pageText(await browser.get(COMPLETED));
    expect(after).toContain(`The temple moved this puja from ${longDate(from, "en")} to ${longDate(to, "en")}.`);
    expect(after).toContain(`Ask to move ${puja.name} for Meera Iyer (${longDate(to, "en")})`);
  });

  it("refuses a move onto a full day and changes nothing; a decline needs a reason, which the devotee reads", async () => {
    const puja = await limitedPuja(templeA, 1);
    const [from, to] = [addDays(todayInIndia(), 9), addDays(todayInIndia(), 11)];
    const first = await bookedLine(templeA, puja, from);
    const second = await bookedLine(templeA, puja, addDays(todayInIndia(), 13));
    await followed(first.browser, await ask(first.browser, first.lineId, to));
    await followed(second.browser, await ask(second.browser, second.lineId, to));
    const [a] = await changesOf(first.lineId);
    const [b] = await changesOf(second.lineId);
    const staff = await signedIn(STAFF_A);

    await followed(staff, await answer(staff, a!.id, { intent: "move-accept" }));
    const refused = await followed(staff, await answer(staff, b!.id, { intent: "move-accept" }));
    expect(refused).toContain("The new date does not have enough seats left for this booking.");
    expect(await lineDate(second.lineId)).toBe(addDays(todayInIndia(), 13));
    expect(await seatsOn(puja.id, to)).toBe(1);
    expect((await changesOf(second.lineId))[0]?.status).toBe("asked");

    const noReason = await answer(staff, b!.id, { intent: "move-decline", reason: " no " });
    expect(noReason.status).toBe(400);
    expect((await changesOf(second.lineId))[0]?.status).toBe("asked");
    const reason = "That day is fully booked for this seva";
    await followed(staff, await answer(staff, b!.id, { intent: "move-decline", reason }));
    expect((await changesOf(second.lineId))[0]).toMatchObject({ status: "declined", staff_note: reason });
    const [mail] = await outboxFor(second.user.email);
    expect(mail?.subject).toBe(`Your puja stays on ${longDate(addDays(todayInIndia(), 13), "en")}`);
    expect(mail?.text).toContain(`Reason: ${reason}`);
    const page = await pageText(await second.browser.get(COMPLETED));
    expect(page).toContain(`The temple could not move this puja to ${longDate(to, "en")}: ${reason}`);
  });

  it("refuses bad asks with their reason and records nothing", async () => {
    const puja = await limitedPuja(templeA, null);
    const from = addDays(todayInIndia(), 8);
    const { browser, lineId } = await bookedLine(templeA, puja, from);
    const stranger = await bookedLine(templeA, puja, from);

    const same = await ask(browser, lineId, from);
    expect(same.status).toBe(400);
    expect(await pageText(same)).toContain("Please choose a date other than the one booked.");
    const past = await ask(browser, lineId, todayInIndia());
    expect(past.status).toBe(400);
    const tooLong = await ask(browser, lineId, addDays(from, 1), "x".repeat(301));
    expect(tooLong.status).toBe(400);
    expect(await pageText(tooLong)).toContain("Please keep your message to 300 characters.");
    // Another devotee's line is not found: the id from the form is read through the signed-in customer.
    const theirs = await followed(stranger.browser, await ask(stranger.browser, lineId, addDays(from, 1)));
    expect(theirs).toContain("We could not find that puja in your bookings.");
    expect(await changesOf(lineId)).toEqual([]);

    await followed(browser, await ask(browser, lineId, addDays(from, 1)));
    const twice = await followed(browser, await ask(browser, lineId, addDays(from, 2)));
    expect(twice).toContain("You have already asked to move this puja.");
    expect(await changesOf(lineId)).toHaveLength(1);

    // A puja whose day has come cannot move.
    const today = await bookedLine(templeA, puja, todayInIndia());
    const late = await followed(today.browser, await ask(today.browser, today.lineId, addDays(todayInIndia(), 3)));
    expect(late).toContain("This puja's date can no longer be changed");
    expect(await changesOf(today.lineId)).toEqual([]);
  });

  it("a withdrawn ask leaves the desk's list and cannot be answered; another temple's staff cannot answer one", async () => {
    const puja = await limitedPuja(templeA, null);
    const from = addDays(todayInIndia(), 15);
    const { browser, lineId } = await bookedLine(templeA, puja, from);
    await followed(browser, await ask(browser, lineId, addDays(from, 2), "Withdraw me later"));
    const [change] = await changesOf(lineId);

    const other = await signedIn(STAFF_B);
    const templeB = await templeOf(STAFF_B.email);
    const foreign = await other.post(`/desk/${templeB}?index`, { intent: "move-accept", changeId: String(change!.id) });
    expect(foreign.status).toBe(404);
    expect((await changesOf(lineId))[0]?.status).toBe("asked");

    const withdrawn = await followed(browser, await browser.post(COMPLETED, { intent: "withdraw-move", changeId: String(change!.id) }));
    expect(withdrawn).toContain("Your request to move the date has been withdrawn.");
    const staff = await signedIn(STAFF_A);
    expect(await pageText(await staff.get(`/desk/${templeA}`))).not.toContain("Withdraw me later");
    const late = await followed(staff, await answer(staff, change!.id, { intent: "move-accept" }));
    expect(late).toContain("This request has already been answered or withdrawn.");
    expect(await lineDate(lineId)).toBe(from);
  });

  it("speaks the page's language: the Tamil My Transactions and desk", async () => {
    const puja = await limitedPuja(templeA, null);
    const from = addDays(todayInIndia(), 16);
    const { browser, lineId } = await bookedLine(templeA, puja, from);
    expect(await pageText(await browser.get(`/ta${COMPLETED}`))).toContain("அந்த நாளில் வர இயலவில்லையா?");
    await followed(
      browser,
      await browser.post(`/ta${COMPLETED}`, { intent: "move-date", lineId: String(lineId), pujaDate: addDays(from, 1) }),
    );
    const staff = await signedIn(STAFF_A);
    expect(await pageText(await staff.get(`/ta/desk/${templeA}`))).toContain("தேதி மாற்றக் கோரிக்கைகள்");
  });
});
