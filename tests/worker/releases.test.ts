/**
 * Issue 25, a fair release: staff say when dates open; before then the temple site and the
 * legacy addtolist refuse them, saying when, in the devotee's language; during an opening's rush
 * the booking path (adding to the cart, checkout) asks for the pass the waiting room gives,
 * which only its devotee can use, cannot be forged and runs out. Releases cover dates far ahead
 * of what other tests book, and are removed after each test (the files of a worker share D1).
 */
import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it } from "vitest";
import { passHolder, signPass, statusTicket } from "~/domain/bookings/release-pass.server";
import { addDays } from "~/domain/bookings/inputs";
import { longDate } from "~/domain/text";
import { indiaInstant, todayInIndia } from "~/lib/india-time";
import { passCookie } from "~/web/release-pass.server";
import { TestBrowser } from "./accounts-helpers";
import { bookPuja, findPuja, newCustomer } from "./bookings-helpers";
import { signedIn, STAFF_A, STAFF_B, templeOf } from "./desk-helpers";
import { demoClient } from "./legacy-helpers";
import { booking, dayAhead, enter, MINUTE, madeRelease, needsPass, release, removeReleases } from "./releases-helpers";

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
    // Coming back to the room gives the same pass (one per devotee), not a new one.
    expect((await enter(browser, puja, releaseId)).pass?.split(";")[0]).toBe(pass!.split(";")[0]);
    // Without it, checkout of the released line is refused, and the devotee is sent to the room.
    browser.jar.cookies.delete("sn_pass");
    expect((await browser.post("/checkout", {})).headers.get("location")).toBe(`/t/${puja.slug}/wait?release=${releaseId}`);
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
    // Asked again by itself without JavaScript: ten minutes from the opening, every half minute (a tenth of the wait).
    expect(html).toContain('<noscript><meta http-equiv="refresh" content="30"></noscript>');
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
});
