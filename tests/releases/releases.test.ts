/**
 * Issue 25, a fair release: staff say when dates open; before then the temple site and the
 * legacy addtolist refuse them, saying when, in the devotee's language; during an opening's rush
 * the booking path (adding to the cart, checkout) asks for the pass the waiting room gives,
 * which only its devotee can use, cannot be forged and runs out. Releases cover dates far ahead
 * of what other tests book, and are removed after each test (the files of a worker share D1).
 */
import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it, onTestFinished, vi } from "vitest";
import { passHolder, signPass, statusTicket } from "~/domain/bookings/seats/release-pass.server";
import { addDays, nextOfferedDay } from "~/domain/bookings/cart/inputs";
import { roomName } from "~/domain/bookings/seats/releases";
import { longDate } from "~/domain/text";
import { indiaDateTime, indiaInstant, todayInIndia } from "~/lib/india-time";
import { passCookie } from "~/web/release-pass.server";
import { pageText, TestBrowser } from "../support/browser";
import { bookPuja, findPuja, newCustomer, type PujaRow } from "../support/bookings";
import { dayFor, pendingRequest, signedIn, STAFF_A, STAFF_B, templeOf } from "../support/staff";
import { demoClient } from "../support/legacy-client";
import { booking, dayAhead, enter, MINUTE, madeRelease, needsPass, release, removeReleases } from "./support/releases";

afterEach(removeReleases);

describe("dates before their release opens", () => {
  it("are refused on the temple site and by addtolist, saying when they open, in the devotee's language", async () => {
    const puja = await findPuja("direct", false, 7);
    const day = dayAhead(puja, 280);
    const opensOn = addDays(todayInIndia(), 3);
    await release(puja, { firstDay: day, opensAt: indiaInstant(opensOn, "10:00") });
    const { browser } = await newCustomer();

    const page = await browser.post(`/t/${puja.slug}`, booking(puja, day));
    expect(page.status).toBe(400);
    const message = `Bookings for ${longDate(day, "en")} open on ${longDate(opensOn, "en")} at 10:00 IST.`;
    expect(await page.text()).toContain(message);
    const malayalam = await browser.post(`/ml/t/${puja.slug}`, booking(puja, day));
    expect(await malayalam.text()).toContain(`${longDate(day, "ml")} തീയതിയിലേക്കുള്ള ബുക്കിംഗ് ${longDate(opensOn, "ml")}, 10:00 IST-ന് തുറക്കും.`);
    expect(await env.DB.prepare("select count(*) as n from cart_items where puja_date = ?").bind(day).first("n")).toBe(0);

    const legacy = await demoClient();
    const answer = await legacy.call("/api/request/addtolist", {
      DevoteeName: "K. Narayanan",
      dates: `<dates><date>${day}</date></dates>`,
      TempleID: puja.temple_id,
      PujaID: puja.puja_id,
      DevoteeStar: 10,
    });
    expect(answer.body).toMatchObject({ result: "0", Message: message, field: "dates" });

    // The site says so beforehand (a visitor's page: its notice).
    const site = await (await browser.get(`/t/${puja.slug}`)).text();
    expect(site).toContain(`open on ${longDate(opensOn, "en")} at 10:00 IST.`);
    // A day the release does not cover books as before.
    expect((await bookPuja(browser, puja)).status).toBe(303);
  });

  it("of a rolling window open a set number of days ahead, at the set time", async () => {
    const puja = await findPuja("direct", false, 8);
    await release(puja, { kind: "rolling", daysAhead: 30, openTime: "10:00" });
    const { browser } = await newCustomer();
    const far = dayAhead(puja, 60);
    const refused = await browser.post(`/t/${puja.slug}`, booking(puja, far));
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain(
      `Bookings for ${longDate(far, "en")} open on ${longDate(addDays(far, -30), "en")} at 10:00 IST.`,
    );
    // Within the window (opened days ago, its rush long over) a date books without a pass.
    expect((await browser.post(`/t/${puja.slug}`, booking(puja, dayAhead(puja, 10)))).status).toBe(303);
  });
});

describe("dates before their release opens, entered elsewhere", () => {
  /** A package with its pujas (as PujaRows), the first active one with an item. */
  async function aPackage() {
    const rows = await env.DB.prepare(
      `select i.package_id, tp.id, tp.temple_id, tp.puja_id, t.slug, tp.rate, tp.postal_charge, tp.days_offered, tp.booking_mode
       from package_items i join packages p on p.id = i.package_id join temple_pujas tp on tp.id = i.temple_puja_id
       join temples t on t.id = tp.temple_id where p.active = 1 and i.package_id = (select min(package_id) from package_items
       join packages on packages.id = package_items.package_id where packages.active = 1) order by tp.id`,
    ).all<PujaRow & { package_id: number }>();
    expect(rows.results.length).toBeGreaterThan(0);
    return { packageId: rows.results[0]!.package_id, pujas: rows.results };
  }

  it("are refused on a package's page, with the temple site's words, and nothing goes into the cart", async () => {
    const { packageId, pujas } = await aPackage();
    const puja = pujas[0]!;
    const chosen = addDays(todayInIndia(), 285);
    // The day the package books this puja on: the first day on or after the chosen one that it is offered.
    const day = nextOfferedDay(puja.days_offered, chosen)!;
    const opensOn = addDays(todayInIndia(), 4);
    await release(puja, { firstDay: chosen, lastDay: addDays(chosen, 7), opensAt: indiaInstant(opensOn, "10:00") });
    const { browser, customerId } = await newCustomer();
    const form = { form: "package", packageId: String(packageId), devoteeName: "Meera Iyer", starId: "4", date: chosen };
    const page = `/page_details?packageId=${packageId}`;
    const refused = await browser.post(page, form);
    expect(refused.status).toBe(400);
    expect(await pageText(refused)).toContain(`Bookings for ${longDate(day, "en")} open on ${longDate(opensOn, "en")} at 10:00 IST.`);
    const hindi = await browser.post(`/hi${page}`, form);
    expect(hindi.status).toBe(400);
    expect(await pageText(hindi)).toContain(`${longDate(day, "hi")} की बुकिंग ${longDate(opensOn, "hi")} को 10:00 IST पर खुलेगी।`);
    const lines = () => env.DB.prepare("select count(*) as n from cart_items where customer_id = ?").bind(customerId).first("n");
    expect(await lines()).toBe(0);
    // A day the release does not cover books the whole package, as before.
    const open = await browser.post(page, { ...form, date: addDays(chosen, 20) });
    expect(open.status).toBe(303);
    expect(await lines()).toBe(pujas.length);
  });

  it("are refused when the desk offers one for a request, in the desk's language, and the request stays as it was", async () => {
    const templeId = await templeOf(STAFF_A.email);
    const staff = await signedIn(STAFF_A);
    const { requestId, puja, pujaDate } = await pendingRequest(templeId);
    const day = dayFor(puja.days_offered, 41);
    const opensOn = addDays(todayInIndia(), 6);
    const asRow = { ...puja, temple_id: templeId, puja_id: 0, slug: "", postal_charge: 0, booking_mode: "request" } as PujaRow;
    await release(asRow, { firstDay: day, opensAt: indiaInstant(opensOn, "09:30") });
    const propose = (path: string, pujaDate: string) =>
      staff.post(path, { intent: "propose", requestId: String(requestId), pujaDate, note: "The morning slot is free." });
    const refused = await propose(`/desk/${templeId}?index`, day);
    expect(refused.status).toBe(400);
    expect(await pageText(refused)).toContain(`Bookings for ${longDate(day, "en")} open on ${longDate(opensOn, "en")} at 09:30 IST.`);
    const hindi = await propose(`/hi/desk/${templeId}?index`, day);
    expect(hindi.status).toBe(400);
    expect(await pageText(hindi)).toContain(`${longDate(day, "hi")} की बुकिंग ${longDate(opensOn, "hi")} को 09:30 IST पर खुलेगी।`);
    const row = () => env.DB.prepare("select status, puja_date from requests where id = ?").bind(requestId).first();
    expect(await row()).toEqual({ status: 2, puja_date: pujaDate });
    // A date already open is offered as before.
    const other = dayFor(puja.days_offered, 3);
    expect((await propose(`/desk/${templeId}?index`, other)).status).toBe(303);
    expect(await row()).toEqual({ status: 1, puja_date: other });
  });
});

describe("an opening's rush", () => {
  it("refuses a released date without a pass, on the site and by addtolist", async () => {
    const puja = await findPuja("direct", false, 9);
    const day = dayAhead(puja, 290);
    await release(puja, { firstDay: day, opensAt: Date.now() - MINUTE });
    const { browser } = await newCustomer();
    const refused = await browser.post(`/t/${puja.slug}`, booking(puja, day));
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain(needsPass(day));
    const legacy = await demoClient();
    const answer = await legacy.call("/api/request/addtolist", {
      DevoteeName: "K. Narayanan",
      dates: day,
      TempleID: puja.temple_id,
      PujaID: puja.puja_id,
      DevoteeStar: 10,
    });
    expect(answer.body).toMatchObject({ result: "0", Message: needsPass(day) });
  });

  it("lets an admitted devotee book and check out with the pass the waiting room gives, once", async () => {
    const puja = await findPuja("direct", false, 10);
    const day = dayAhead(puja, 295);
    const releaseId = await release(puja, { firstDay: day, opensAt: Date.now() - MINUTE, passMinutes: 15 });
    const { browser } = await newCustomer();
    const { response, pass } = await enter(browser, puja, releaseId);
    // Their turn (the first place of a queue opened a minute ago at 600 a minute): to the booking form, with the pass.
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe(`/t/${puja.slug}?puja=${puja.id}#book-puja`);
    expect(pass).toMatch(/^sn_pass=p2(\.\d+){4}\.[\w-]{22}\.[\w-]+; Path=\/; Max-Age=(899|900); HttpOnly; SameSite=Strict$/);
    expect((await browser.post(`/t/${puja.slug}`, booking(puja, day))).status).toBe(303);
    const checkout = await browser.post("/checkout", {});
    expect(checkout.headers.get("location")).toMatch(/^\/checkout\/pay\//);
    // The checkout tells the room it served one of its admitted (the room's rate follows what the booking path serves).
    const opening = Number(/p2\.\d+\.(\d+)\./.exec(pass!)![1]);
    const room = env.WAITING_ROOM.getByName(roomName(releaseId, opening));
    await vi.waitFor(async () => expect(await room.pacingNow()).toEqual({ perMinute: 600, served: 1 }));
    // Coming back to the room gives the same pass (one per devotee), not a new one.
    expect((await enter(browser, puja, releaseId)).pass?.split(";")[0]).toBe(pass!.split(";")[0]);
    // Without it, checkout of the released line is refused, and the devotee is sent to the room.
    browser.jar.cookies.delete("sn_pass");
    expect((await browser.post("/checkout", {})).headers.get("location")).toBe(`/t/${puja.slug}/wait?release=${releaseId}`);
  });

  it("stops letting devotees in once the last seat is taken, telling those waiting (who keep their places) until when", async () => {
    const puja = await findPuja("direct", false, 39);
    const day = dayAhead(puja, 325);
    const { capacity } = (await env.DB.prepare("select daily_capacity as capacity from temple_pujas where id = ?")
      .bind(puja.id)
      .first<{ capacity: number | null }>())!;
    await env.DB.prepare("update temple_pujas set daily_capacity = 1 where id = ?").bind(puja.id).run();
    onTestFinished(async () => {
      await env.DB.prepare("delete from puja_seats where temple_puja_id = ? and puja_date = ?").bind(puja.id, day).run();
      await env.DB.prepare("update temple_pujas set daily_capacity = ? where id = ?").bind(capacity, puja.id).run();
    });
    // A day of one seat, opened 61 s ago at one devotee a minute: the first two are let in, the third waits.
    const opening = Date.now() - 61_000;
    const releaseId = await release(puja, { firstDay: day, opensAt: opening, admitPerMinute: 1, passMinutes: 15 });
    const [first, second, third] = [await newCustomer(), await newCustomer(), await newCustomer()];
    expect((await enter(first.browser, puja, releaseId)).pass).toBeTruthy();
    expect((await enter(second.browser, puja, releaseId)).pass).toBeTruthy();
    const waitPage = `/t/${puja.slug}/wait?release=${releaseId}`;
    expect(await pageText(await third.browser.get(waitPage))).toContain("Your place in the queue: 3");
    // The first takes the day's one seat (held while they pay): that checkout tells the room no seat is left.
    expect((await first.browser.post(`/t/${puja.slug}`, booking(puja, day))).status).toBe(303);
    expect((await first.browser.post("/checkout", {})).headers.get("location")).toMatch(/^\/checkout\/pay\//);
    const secret = (env as unknown as { SESSION_SECRET: string }).SESSION_SECRET;
    const ticket = await statusTicket(secret, { releaseId, opening, customerId: third.customerId });
    const status = `/t/${puja.slug}/wait/status?release=${releaseId}&opening=${opening}&customer=${third.customerId}&ticket=${ticket}`;
    const { until } = await vi.waitFor(async () => {
      const view = await (await new TestBrowser().get(status)).json<{ state: string; until: number }>();
      expect(view).toMatchObject({ state: "full", place: 3, ahead: 0, retryAfter: 30 });
      return view;
    });
    // The second, let in before, is told the day is full when adding it.
    expect((await second.browser.post(`/t/${puja.slug}`, booking(puja, day))).status).toBe(400);
    // Until the held seat runs out (or ten minutes, whichever is first), said in India time on the page and without JavaScript.
    const held = await env.DB.prepare("select expires_at from puja_seats where temple_puja_id = ? and puja_date = ? and kind = 'held'")
      .bind(puja.id, day)
      .first<{ expires_at: string }>();
    expect(until).toBeLessThanOrEqual(Date.parse(held!.expires_at));
    expect(until - Date.now()).toBeGreaterThan(5 * MINUTE);
    const time = indiaDateTime(until).time;
    const page = await third.browser.get(waitPage);
    expect(page.headers.get("x-answered-by")).toBe("waiting-room");
    const text = await pageText(page);
    expect(text).toContain("Your place in the queue: 3");
    expect(text).toContain(
      `Every seat is taken for now. Seats kept for devotees who are paying come back if they do not pay, so the queue moves again at ${time} IST.`,
    );
    expect(await pageText(await new TestBrowser().get(`${status}&view=html&lang=ta`))).toContain(`வரிசை ${time} IST மணிக்கு மீண்டும் நகரும்`);
  });

  it("refuses a pass used by another devotee, a forged one, one for another release and an expired one", async () => {
    const puja = await findPuja("direct", false, 11);
    const day = dayAhead(puja, 300);
    const opening = Date.now() - MINUTE;
    const releaseId = await release(puja, { firstDay: day, opensAt: opening });
    const owner = await newCustomer();
    const token = (await enter(owner.browser, puja, releaseId)).pass!.split(";")[0]!.slice("sn_pass=".length);
    const other = await newCustomer();
    const tryWith = async (value: string) => {
      other.browser.jar.set("sn_pass", value);
      const answer = await other.browser.post(`/t/${puja.slug}`, booking(puja, day));
      return { status: answer.status, refused: (await answer.text()).includes(needsPass(day)) };
    };
    // The owner's pass, in another devotee's browser.
    expect(await tryWith(token)).toEqual({ status: 400, refused: true });
    // Rewritten to name the other devotee, or with its signature changed.
    const parts = token.split(".");
    expect(await tryWith([...parts.slice(0, 3), String(other.customerId), ...parts.slice(4)].join("."))).toMatchObject({ refused: true });
    expect(await tryWith([...parts.slice(0, 6), `${parts[6]!.slice(0, -2)}AA`].join("."))).toMatchObject({ refused: true });
    // Signed with the real key, but run out, or for another release.
    const secret = (env as unknown as { SESSION_SECRET: string }).SESSION_SECRET;
    const holder = await passHolder(secret, other.browser.jar.get("sn_session")!);
    const own = { releaseId, opening, customerId: other.customerId, holder };
    expect(await tryWith(await signPass(secret, { ...own, expires: Date.now() - 1000 }))).toMatchObject({ refused: true });
    expect(await tryWith(await signPass(secret, { ...own, releaseId: releaseId + 1000, expires: Date.now() + MINUTE }))).toMatchObject({
      refused: true,
    });
    // The same, live and their own: accepted (the refusals above are the pass's, nothing else).
    expect(await tryWith(await signPass(secret, { ...own, expires: Date.now() + MINUTE }))).toEqual({ status: 303, refused: false });
  });

  it("is over after its rush minutes: the dates then book without a pass", async () => {
    const puja = await findPuja("direct", false, 12);
    const day = dayAhead(puja, 305);
    await release(puja, { firstDay: day, opensAt: Date.now() - 61 * MINUTE, rushMinutes: 60 });
    const { browser } = await newCustomer();
    expect((await browser.post(`/t/${puja.slug}`, booking(puja, day))).status).toBe(303);
  });

  it("sets the pass cookie Secure on a public site", () => {
    expect(passCookie("p1.x", new URL("https://www.sannidhi.in/t/x/wait"), Date.now() + 10 * MINUTE)).toMatch(
      /; HttpOnly; SameSite=Strict; Secure$/,
    );
  });
});

describe("the waiting page", () => {
  it("shows each devotee's place before the opening, refreshes itself without JavaScript and answers its status", async () => {
    const puja = await findPuja("direct", false, 13);
    const opening = Date.now() + 10 * MINUTE;
    const releaseId = await release(puja, { firstDay: dayAhead(puja, 310), opensAt: opening, lobbyMinutes: 30 });
    const first = await newCustomer();
    const second = await newCustomer();
    const page = await first.browser.get(`/t/${puja.slug}/wait?release=${releaseId}`);
    expect(page.status).toBe(200);
    expect(page.headers.get("cache-control")).toBe("private, no-store");
    const html = await page.text();
    expect(html).toContain("Your place in the queue: 1");
    // Asked again by itself without JavaScript: ten minutes from the opening, every half minute (a tenth of the wait), from
    // the room's own small page (waiting-room-status.test.ts), not this one.
    expect(html).toMatch(/<noscript><meta http-equiv="refresh" content="30;url=[^"]+&amp;view=html&amp;lang=en"><\/noscript>/);
    expect(await (await second.browser.get(`/t/${puja.slug}/wait?release=${releaseId}`)).text()).toContain("Your place in the queue: 2");
    // Refreshing keeps the place.
    expect(await (await first.browser.get(`/t/${puja.slug}/wait?release=${releaseId}`)).text()).toContain("Your place in the queue: 1");
    // The live status answers to the ticket the page signed for its devotee (no session needed), and to nothing else.
    const secret = (env as unknown as { SESSION_SECRET: string }).SESSION_SECRET;
    const room = { releaseId, opening, customerId: second.customerId };
    const statusOf = async (customerId: number, ticket: string) =>
      new TestBrowser().get(`/t/${puja.slug}/wait/status?release=${releaseId}&opening=${opening}&customer=${customerId}&ticket=${ticket}`);
    const status = await statusOf(second.customerId, await statusTicket(secret, room));
    expect(await status.json()).toMatchObject({ state: "lobby", admission: "queue", place: 2, registered: 2, refresh: 30 });
    expect((await statusOf(first.customerId, await statusTicket(secret, room))).status).toBe(403);
    // Signed out: to sign in first; a temple with no room open: back to its site.
    const signedOut = await new TestBrowser().get(`/t/${puja.slug}/wait?release=${releaseId}`);
    expect(signedOut.headers.get("location")).toMatch(/^\/login\?redirectTo=/);
    const other = (await env.DB.prepare(
      "select slug from temples where id != ? and online_booking = 1 and verified = 1 order by id limit 1",
    )
      .bind(puja.temple_id)
      .first<{ slug: string }>())!;
    expect((await first.browser.get(`/t/${other.slug}/wait`)).headers.get("location")).toBe(`/t/${other.slug}`);
  });
});

describe("the desk's releases", () => {
  it("lets staff add and remove a release of their temple, audited; the temple site says when its dates open", async () => {
    const templeId = await templeOf(STAFF_A.email);
    const staff = await signedIn(STAFF_A);
    const page = `/desk/${templeId}/releases`;
    expect((await staff.get(page)).status).toBe(200);
    const first = addDays(todayInIndia(), 320);
    const opensOn = addDays(todayInIndia(), 5);
    const fields = {
      intent: "save",
      templePujaId: "",
      kind: "fixed",
      firstDay: first,
      lastDay: addDays(first, 9),
      opensAt: `${opensOn}T10:00`,
      admission: "queue",
      admitPerMinute: "600",
      lobbyMinutes: "30",
      rushMinutes: "120",
      passMinutes: "20",
    };
    const invalid = await staff.post(page, { ...fields, lastDay: addDays(first, -1) });
    expect(invalid.status).toBe(400);
    expect(await invalid.text()).toContain("Choose a last date on or after the first.");
    expect((await staff.post(page, fields)).status).toBe(303);
    const row = await env.DB.prepare("select id, opens_at from puja_releases where temple_id = ? and first_day = ?")
      .bind(templeId, first)
      .first<{ id: number; opens_at: string }>();
    madeRelease(row!.id);
    expect(row!.opens_at).toBe(new Date(indiaInstant(opensOn, "10:00")).toISOString());
    const slug = (await env.DB.prepare("select slug from temples where id = ?").bind(templeId).first<{ slug: string }>())!.slug;
    expect(await (await staff.get(`/t/${slug}`)).text()).toContain(
      `Bookings for ${longDate(first, "en")} – ${longDate(addDays(first, 9), "en")} open on ${longDate(opensOn, "en")} at 10:00 IST.`,
    );
    // Another temple's staff cannot remove it; its own can.
    const stranger = await signedIn(STAFF_B);
    await stranger.post(`/desk/${await templeOf(STAFF_B.email)}/releases`, { intent: "remove", releaseId: String(row!.id) });
    expect(await env.DB.prepare("select count(*) as n from puja_releases where id = ?").bind(row!.id).first("n")).toBe(1);
    expect((await staff.post(page, { intent: "remove", releaseId: String(row!.id) })).status).toBe(303);
    expect(await env.DB.prepare("select count(*) as n from puja_releases where id = ?").bind(row!.id).first("n")).toBe(0);
    const audit = await env.DB.prepare("select action from audit_log where entity = 'puja_release' and entity_id = ? order by id")
      .bind(String(row!.id))
      .all<{ action: string }>();
    expect(audit.results.map((r) => r.action)).toEqual(["release.add", "release.remove"]);
  });
  it("refuses loose numbers and dates out of bounds, in the page's language, and saves nothing", async () => {
    const templeId = await templeOf(STAFF_A.email);
    const staff = await signedIn(STAFF_A);
    const page = `/desk/${templeId}/releases`;
    const today = todayInIndia();
    const first = addDays(today, 330);
    const fields = {
      intent: "save",
      templePujaId: "",
      kind: "fixed",
      firstDay: first,
      lastDay: addDays(first, 2),
      opensAt: `${addDays(today, 5)}T10:00`,
      admission: "queue",
      admitPerMinute: "600",
      lobbyMinutes: "30",
      rushMinutes: "120",
      passMinutes: "20",
    };
    const releases = () => env.DB.prepare("select count(*) as n from puja_releases where temple_id = ?").bind(templeId).first("n");
    const before = await releases();
    const refuses = async (path: string, changed: Record<string, string>, message: string) => {
      const answer = await staff.post(path, { ...fields, ...changed });
      expect(answer.status, JSON.stringify(changed)).toBe(400);
      expect(await pageText(answer), JSON.stringify(changed)).toContain(message);
    };
    for (const rate of ["0x10", "1e3", "+600", "-5", "600.0", "6 00", "Infinity", "1000000"]) {
      await refuses(page, { admitPerMinute: rate }, "Enter a whole number from 1 to 100000.");
    }
    await refuses(page, { passMinutes: "0x10" }, "Enter a whole number from 5 to 240.");
    await refuses(page, { lobbyMinutes: "1e2" }, "Enter a whole number from 0 to 1440.");
    await refuses(page, { kind: "rolling", daysAhead: "0x10", openTime: "10:00" }, "Enter a whole number from 1 to 365.");
    const range = `Choose a date from ${longDate(today, "en")} to ${longDate(addDays(today, 3 * 365), "en")}.`;
    await refuses(page, { lastDay: "9999-12-31" }, range);
    await refuses(page, { firstDay: "1900-01-01" }, range);
    await refuses(page, { firstDay: `${first.slice(0, 4)}-02-30`, lastDay: `${first.slice(0, 4)}-03-02` }, range);
    await refuses(page, { opensAt: "1900-01-01T10:00" }, "Choose when the dates open: today or later, before the first date.");
    await refuses(page, { opensAt: `${first.slice(0, 4)}-02-30T10:00` }, "Choose when the dates open: a day before the first date.");
    // The same, at the desk in Hindi.
    await refuses(`/hi${page}`, { admitPerMinute: "0x10" }, "1 से 100000 तक की पूर्ण संख्या लिखें।");
    await refuses(
      `/hi${page}`,
      { lastDay: "9999-12-31" },
      `${longDate(today, "hi")} से ${longDate(addDays(today, 3 * 365), "hi")} तक की कोई तिथि चुनें।`,
    );
    await refuses(`/hi${page}`, { opensAt: "1900-01-01T10:00" }, "तिथियाँ कब खुलें, चुनें: आज या उसके बाद, पहली तिथि से पहले।");
    expect(await releases()).toBe(before);

    // Within bounds, at both ends: opening today for tomorrow, up to the last day allowed.
    const saved = await staff.post(page, {
      ...fields,
      firstDay: addDays(today, 1),
      lastDay: addDays(today, 3 * 365),
      opensAt: `${today}T23:59`,
      admitPerMinute: " 100000 ",
    });
    expect(saved.status).toBe(303);
    const row = await env.DB.prepare("select id, admit_per_minute from puja_releases where temple_id = ? and last_day = ?")
      .bind(templeId, addDays(today, 3 * 365))
      .first<{ id: number; admit_per_minute: number }>();
    madeRelease(row!.id);
    expect(row!.admit_per_minute).toBe(100000);
  });
});
