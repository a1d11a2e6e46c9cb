/**
 * Issue 25: a temple site for a signed-in devotee is the cached public copy with the devotee's
 * own part drawn in (favourite button, cart, the pujas with their seats as they are now, the
 * booking forms with their name and addresses), and it is what a full render shows them.
 * Another devotee's name and addresses never appear; a visitor never gets a devotee's copy.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { longDate } from "~/domain/text";
import { addDays } from "~/domain/bookings/dates";
import { todayInIndia } from "~/lib/india-time";
import { newUser, signUp, TestBrowser } from "../support/browser";
import { bookPuja, findPuja, type PujaRow, openCheckout } from "../support/bookings";
import { cookiePair } from "../support/cookie-jar";
import { DATA_BLOCK, fullThenComposed, part, TOAST_BLOCK, toasts, VIEW_BLOCK, warm } from "./support/devotee-pages";
import { fresh, get } from "../support/public";

/** A direct puja limited to a number of seats a day (the seed's first: the page as the seed has it). */
async function limitedPuja(): Promise<PujaRow> {
  const row = await env.DB.prepare(
    `select tp.id, tp.temple_id, tp.puja_id, t.slug, tp.rate, tp.postal_charge, tp.days_offered, tp.booking_mode
     from temple_pujas tp join temples t on t.id = tp.temple_id
     where tp.active = 1 and t.online_booking = 1 and tp.booking_mode = 'direct' and tp.daily_capacity >= 5
     order by tp.id limit 1`,
  ).first<PujaRow>();
  expect(row, "a limited direct puja").toBeTruthy();
  return row!;
}

/**
 * A direct puja of 5 seats a day at a temple of its own (verified, taking bookings): no other test's checkouts take or
 * give back its seats (files share the database, and an order that expires gives its seats back).
 */
async function ownLimitedPuja(): Promise<PujaRow> {
  const stamp = crypto.randomUUID().slice(0, 8);
  const place = await env.DB.prepare("select district_id, state_id from temples limit 1").first<{
    district_id: number;
    state_id: number;
  }>();
  const temple = await env.DB.prepare(
    `insert into temples (slug, name, display_name, image_url, district_id, state_id, online_booking, verified)
     values (?, ?, ?, '', ?, ?, 1, 1) returning id, slug`,
  )
    .bind(`seats-${stamp}`, `Seats Temple ${stamp}`, `Seats Temple ${stamp}`, place!.district_id, place!.state_id)
    .first<{ id: number; slug: string }>();
  const puja = await env.DB.prepare("insert into pujas (name) values (?) returning id").bind(`Seats Puja ${stamp}`).first<{ id: number }>();
  const row = await env.DB.prepare(
    `insert into temple_pujas (temple_id, puja_id, rate, postal_charge, booking_mode, days_offered, active, daily_capacity)
     values (?, ?, 25100, 0, 'direct', '0123456', 1, 5)
     returning id, temple_id, puja_id, rate, postal_charge, days_offered, booking_mode`,
  )
    .bind(temple!.id, puja!.id)
    .first<Omit<PujaRow, "slug">>();
  return { ...row!, slug: temple!.slug };
}

/** A devotee with a saved address (booked with prasad by post to it) and one line in the cart. */
async function devoteeWithAddress(name: string, street: string) {
  const browser = new TestBrowser();
  await signUp(browser, newUser({ name }));
  const booked = await bookPuja(browser, await findPuja("direct", true), {
    postal: "on",
    addressId: "new",
    addressName: name,
    addressLine1: street,
    addressCity: "Chennai",
    addressState: "Tamil Nadu",
    addressPostalCode: "600004",
  });
  expect(booked.status).toBe(303);
  return browser;
}

/** What the page says a day has left ("4 Dec 2026 – 3 left"), in the list of the puja's days. */
function seatsLeft(html: string, day: string): number {
  const match = new RegExp(`<li[^>]*>${longDate(day, "en")} – (\\d+) left</li>`).exec(html);
  expect(match, `seats of ${day}`).toBeTruthy();
  return Number(match![1]);
}

/** The days the puja's list shows with what each has left (after the first, which is shown apart). */
function shownDays(html: string): string[] {
  const labels = [...html.matchAll(/<li[^>]*>([^<]+) – \d+ left<\/li>/g)].map((m) => m[1]);
  return Array.from({ length: 120 }, (_, i) => addDays(todayInIndia(), i)).filter((d) => labels.includes(longDate(d, "en")));
}

describe("a temple site for a signed-in devotee", () => {
  it("is the cached public copy with the devotee's own part, exactly as a full render shows it", async () => {
    const meera = await devoteeWithAddress("മീര Iyer", "14, Kutchery Road");
    const puja = await limitedPuja();
    const { url, fullHtml, composed, composedHtml } = await fullThenComposed(meera, `/t/${puja.slug}?puja=${puja.id}`);
    expect(composed.headers.get("cache-control"), url).toBe("private, no-store");
    expect(composed.headers.get("cf-cache-status"), url).toBeNull();
    expect(composed.headers.has("x-sannidhi-same-for-devotees"), url).toBe(false);
    expect(part(composedHtml, "header")).toBe(part(fullHtml, "header"));
    expect(part(composedHtml, "main")).toBe(part(fullHtml, "main"));
    const main = part(composedHtml, "main");
    // Her forms, with her name and her saved address; her cart; no "Sign in to book".
    expect(main).toContain('name="devotees[0].name" value="മീര Iyer"');
    expect(main).toContain("14, Kutchery Road");
    expect(main).toContain('class="cart-bar"');
    expect(main).toContain('id="donation-form"');
    expect(main).not.toContain("Sign in to book");
    // What the browser hydrates the part with.
    const view = JSON.parse(VIEW_BLOCK.exec(composedHtml)![1]!);
    expect(view).toMatchObject({ signedIn: true, devoteeName: "മീര Iyer", chosenPuja: puja.id });
    expect(view.addresses.map((a: { line1: string }) => a.line1)).toEqual(["14, Kutchery Road"]);
    expect(JSON.parse(DATA_BLOCK.exec(composedHtml)![1]!)).toMatchObject({ customer: { firstName: "മീര Iyer" }, cartCount: 1 });
  });

  it("never shows one devotee's name or addresses to another, nor a devotee's part to a visitor", async () => {
    const meera = await devoteeWithAddress("Meera Iyer", "14, Kutchery Road");
    const { url, composedHtml } = await fullThenComposed(meera, `/t/${(await findPuja("direct")).slug}`);
    expect(part(composedHtml, "main")).toContain('value="Meera Iyer"');

    const ravi = new TestBrowser();
    await signUp(ravi, newUser({ name: "Ravi Menon" }));
    await ravi.get("/services"); // the welcome toast shown
    const his = await ravi.get(url);
    const html = await his.text();
    expect(html).toMatch(VIEW_BLOCK);
    expect(part(html, "main")).toContain('name="devotees[0].name" value="Ravi Menon"');
    for (const hers of ["Meera", "Kutchery"]) expect(html).not.toContain(hers);
    expect(JSON.parse(VIEW_BLOCK.exec(html)![1]!)).toMatchObject({ devoteeName: "Ravi Menon", addresses: [], profileAddress: false });

    // A visitor gets the stored public copy: no forms, nobody's name, nobody's data blocks.
    const visitor = await get(`http://localhost${url}`);
    const page = await visitor.text();
    expect(visitor.headers.get("cf-cache-status")).toBe("HIT");
    expect(page).toContain("Sign in to book");
    expect(page).not.toContain('name="devotees[0].name"');
    for (const theirs of ["Meera", "Ravi", "Kutchery"]) expect(page).not.toContain(theirs);
    expect(page).not.toMatch(VIEW_BLOCK);
    expect(page).not.toMatch(DATA_BLOCK);
  });

  it("is composed for devotees even when no visitor asked first (a rush of devotees alone)", async () => {
    const url = fresh(`/t/${(await findPuja("direct")).slug}`).replace("http://localhost", "");
    const [meera, ravi] = [new TestBrowser(), new TestBrowser()];
    await signUp(meera, newUser({ name: "Meera Iyer" }));
    await signUp(ravi, newUser({ name: "Ravi Menon" }));
    for (const browser of [meera, ravi]) await browser.get("/services"); // the welcome toasts
    // No visitor has asked for this address: the first devotee's page is rendered in full (or,
    // when this isolate knows that devotees share the temple's pages, composed from a copy made
    // for it), and says devotees share it.
    const first = await (await meera.get(url)).text();
    expect(part(first, "main")).toContain('value="Meera Iyer"');
    // The next devotee's is composed, from the public copy made for the devotees.
    const his = await (await ravi.get(url)).text();
    expect(his).toMatch(VIEW_BLOCK);
    expect(part(his, "main")).toContain('value="Ravi Menon"');
    expect(his).not.toContain("Meera");
    // That copy is a visitor's: what a visitor now gets.
    const visitor = await (await get(`http://localhost${url}`)).text();
    expect(visitor).toContain("Sign in to book");
    for (const name of ["Meera", "Ravi"]) expect(visitor).not.toContain(name);
  });

  it("after a booking, is composed with the toast the booking left, as a full render shows it, and shows it once", async () => {
    const meera = new TestBrowser();
    await signUp(meera, newUser({ name: "Meera Iyer" }));
    await meera.get("/services"); // the welcome toast shown
    const puja = await findPuja("direct");
    const url = fresh(`/t/${puja.slug}`).replace("http://localhost", "");
    await warm(`http://localhost${url}`);
    const booked = await bookPuja(meera, puja);
    expect(booked.status).toBe(303);
    const toast = cookiePair(booked, "sn_toast")!;
    expect(toast, "the booking's toast").toBeTruthy();
    const session = `sn_session=${meera.cookies.get("sn_session")}`;

    // Another cookie of ours beside them keeps the page out of the cache: rendered in full.
    const full = await meera.get(url, { cookie: `${session}; ${toast}; sn_full=1` });
    const fullHtml = await full.text();
    expect(fullHtml).not.toMatch(DATA_BLOCK);
    const composed = await meera.get(url, { cookie: `${session}; ${toast}` });
    const html = await composed.text();
    expect(html, "composed from the public copy").toMatch(DATA_BLOCK);
    expect(composed.headers.get("cache-control")).toBe("private, no-store");
    expect(toasts(html)).toContain('<div class="toast toast--success" role="status"><p>puja added booking list</p>');
    expect(toasts(html)).toBe(toasts(fullHtml));
    expect(part(html, "header")).toBe(part(fullHtml, "header"));
    expect(part(html, "main")).toBe(part(fullHtml, "main"));
    // The root hydrates its toaster with it.
    expect(JSON.parse(TOAST_BLOCK.exec(html)![1]!)).toEqual({ type: "success", message: "puja added booking list" });
    // Shown once: the answer clears the flash cookie, as a full render's does.
    for (const page of [full, composed])
      expect(page.headers.getSetCookie().some((line) => /^sn_toast=;.*Max-Age=0/i.test(line))).toBe(true);

    meera.jar.keep(composed);
    expect(meera.cookies.has("sn_toast")).toBe(false);
    const next = await (await meera.get(url)).text();
    expect(next).toMatch(DATA_BLOCK);
    expect(toasts(next)).toBe('<div class="toasts" aria-live="polite"></div>');
    expect(next).not.toMatch(TOAST_BLOCK);

    // A toast the site did not sign is not shown, composed or not.
    const [payload = "", signature = ""] = decodeURIComponent(toast.slice("sn_toast=".length)).split(".");
    const forgedPayload = btoa(JSON.stringify({ type: "error", message: "Forged" }));
    expect(forgedPayload).not.toBe(payload);
    const forged = `sn_toast=${encodeURIComponent(`${forgedPayload}.${signature}`)}`;
    for (const cookie of [`${session}; ${forged}`, `${session}; ${forged}; sn_full=1`]) {
      const page = await (await meera.get(url, { cookie })).text();
      expect(page).not.toContain("Forged");
      expect(toasts(page)).toBe('<div class="toasts" aria-live="polite"></div>');
    }
  });

  it("shows a devotee the seats a day has now, while a visitor's copy may be a minute old", async () => {
    const puja = await ownLimitedPuja();
    const meera = new TestBrowser();
    await signUp(meera, newUser({ name: "Meera Iyer" }));
    const { url, composedHtml } = await fullThenComposed(meera, `/t/${puja.slug}?puja=${puja.id}`);
    const shown = shownDays(composedHtml).filter((d) => seatsLeft(composedHtml, d) > 1);
    expect(shown.length, "days with seats left in the puja's list").toBeGreaterThan(0);
    const day = shown[0]!;
    const before = seatsLeft(composedHtml, day);
    expect(before).toBeGreaterThan(1);
    // What a visitor's cached copy says of that day (it may be older than the devotee's view).
    const cached = await get(`http://localhost${url}`);
    expect(cached.headers.get("cf-cache-status")).toBe("HIT");
    const visitorBefore = seatsLeft(await cached.text(), day);

    // Another devotee checks out a seat of that day: the order holds it.
    const kiran = new TestBrowser();
    await signUp(kiran, newUser({ name: "Kiran Rao" }));
    expect((await bookPuja(kiran, puja, { "dates[0]": day })).status).toBe(303);
    await openCheckout(kiran);

    const visitor = await get(`http://localhost${url}`);
    expect(visitor.headers.get("cf-cache-status")).toBe("HIT");
    expect(seatsLeft(await visitor.text(), day)).toBe(visitorBefore);
    const now = await meera.get(url);
    const html = await now.text();
    expect(html).toMatch(VIEW_BLOCK);
    expect(seatsLeft(html, day)).toBe(before - 1);
    expect(html).not.toContain("Kiran");
  });
});
