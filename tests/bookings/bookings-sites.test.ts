/** Temple and package sites on their own hosts, favourites, and booking a whole package. */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { addDays } from "~/domain/bookings/cart/inputs";
import { todayInIndia } from "~/lib/india-time";
import { pageText, TestBrowser } from "../support/browser";
import { count, newCustomer } from "../support/bookings";
import { signedIn, STAFF_A, templeOf } from "../support/staff";
import { get } from "../support/public";

describe("sites on other hosts", () => {
  it("starts the packages origin's host at the packages list", async () => {
    const response = await new TestBrowser("http://packages.localhost:8787").get("/");
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/packages");
  });

  it("starts a temple's own host at its site, and leaves other hosts alone", async () => {
    const temple = await env.DB.prepare(
      "select slug, website from temples where website != '' and online_booking = 1 and verified = 1 order by id limit 1",
    ).first<{ slug: string; website: string }>();
    const response = await new TestBrowser(`http://${temple!.website}`).get("/");
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe(`/t/${temple!.slug}`);
    expect((await new TestBrowser("http://www.unknown-host.example").get("/")).status).toBe(200);
  });
});

describe("a temple site at the edge", () => {
  it("keeps a visitor's view, never a signed-in one, and renders it again after a desk change", async () => {
    const templeId = await templeOf(STAFF_A.email);
    const { slug } = (await env.DB.prepare("select slug from temples where id = ?").bind(templeId).first<{ slug: string }>())!;
    // Its own cache key, so no other test's visit is answered here.
    const path = `/t/${slug}?v=${crypto.randomUUID().slice(0, 8)}`;
    const first = await get(path);
    expect(first.status).toBe(200);
    expect(first.headers.get("cache-control")).toMatch(/^public, .*s-maxage=60\b/);
    await first.arrayBuffer();
    let hit: Response | undefined;
    for (let attempt = 0; attempt < 20 && !hit; attempt++) {
      const response = await get(path);
      if (response.headers.get("cf-cache-status") === "HIT") hit = response;
      else await response.arrayBuffer();
    }
    expect(hit, "a repeat visit answered from the cache").toBeDefined();
    await hit!.arrayBuffer();

    // A signed-in devotee's view (their name, addresses, cart) is never stored nor served from the cache.
    const { browser } = await newCustomer();
    const mine = await browser.get(path);
    expect(mine.headers.get("cache-control")).toMatch(/private|no-store/);
    expect(mine.headers.get("cf-cache-status")).toBeNull();
    expect(await pageText(mine)).toContain("Meera");
    expect(await pageText(await get(path))).not.toContain("Meera");

    // The temple's staff post an event: the next visitor gets a fresh render (the content version moved).
    const staff = await signedIn(STAFF_A);
    const header = `Lamp festival ${crypto.randomUUID().slice(0, 6)}`;
    const today = todayInIndia();
    const posted = await staff.post(`/desk/${templeId}/messages`, {
      intent: "message",
      kind: "event",
      header,
      body: "Ten thousand lamps are lit at dusk.",
      startDate: today,
      endDate: addDays(today, 30),
    });
    expect(posted.status).toBe(303);
    const after = await get(path);
    expect(after.headers.get("cf-cache-status"), "rendered again after the change").not.toBe("HIT");
    await after.arrayBuffer();
    const row = await env.DB.prepare("select id from messages where header = ?").bind(header).first<{ id: number }>();
    expect((await staff.post(`/desk/${templeId}/messages`, { intent: "delete", messageId: String(row!.id) })).status).toBe(303);
  });
});

describe("favourites", () => {
  it("adds a temple once, shows it in the grid and removes it", async () => {
    const { browser, customerId } = await newCustomer();
    const temple = await env.DB.prepare(
      "select id, display_name from temples where online_booking = 1 and verified = 1 order by id limit 1",
    ).first<{
      id: number;
      display_name: string;
    }>();
    const tab = await pageText(await browser.get("/account?tab=favourites"));
    expect(tab).toContain("Choose a Temple");
    const add = { intent: "add", templeId: String(temple!.id), redirectTo: "/account?tab=favourites" };
    const added = await browser.post("/favourites", add);
    expect(added.status).toBe(303);
    expect(await pageText(await browser.get(added.headers.get("location")!))).toContain(temple!.display_name);
    const again = await browser.post("/favourites", add);
    expect(await pageText(await browser.get(again.headers.get("location")!))).toContain("This temple is already in your favourites.");
    expect(await count("select count(*) as n from favourites where customer_id = ?", customerId)).toBe(1);
    await browser.post("/favourites", { ...add, intent: "remove" });
    expect(await count("select count(*) as n from favourites where customer_id = ?", customerId)).toBe(0);
    expect((await browser.post("/favourites", { intent: "add", templeId: "99999999" })).status).toBe(303);
    expect(await count("select count(*) as n from favourites where customer_id = ?", customerId)).toBe(0);
  });
});

describe("issue 30: a temple site and the favourites", () => {
  it("cuts an event's text at 790 characters with More/Less, as /events does (More opens it without JavaScript)", async () => {
    const temple = await env.DB.prepare(
      "select id, slug from temples where online_booking = 1 and verified = 1 and not exists (select 1 " +
        "from temple_staff s where s.temple_id = temples.id) order by id limit 1",
    ).first<{ id: number; slug: string }>();
    const today = todayInIndia();
    const body = `${"The lamps are lit one by one along the outer wall. ".repeat(20)}THE-END-OF-THE-TEXT`;
    const header = `Deepotsavam ${crypto.randomUUID().slice(0, 6)}`;
    const { meta } = await env.DB.prepare(
      "insert into messages (kind, temple_id, header, body, display_order, start_date, end_date) values ('event', ?, ?, ?, 1, ?, ?)",
    )
      .bind(temple!.id, header, body, today, addDays(today, 3))
      .run();
    const eventId = meta.last_row_id;
    try {
      const html = await (await get(`/t/${temple!.slug}?v=${crypto.randomUUID().slice(0, 8)}`)).text();
      const cut = await pageText(new Response(html));
      expect(cut).toContain(header);
      expect(cut).not.toContain("THE-END-OF-THE-TEXT");
      expect(cut).toContain(`${body.slice(0, 790).trimEnd()}…`);
      expect(html).toMatch(new RegExp(`href="/t/${temple!.slug}\\?more=${eventId}#event-${eventId}"`));
      const open = await pageText(await get(`/t/${temple!.slug}?more=${eventId}`));
      expect(open).toContain("THE-END-OF-THE-TEXT");
    } finally {
      await env.DB.prepare("delete from messages where id = ?").bind(eventId).run();
    }
  });

  it("offers every temple as a favourite, not only those that take online bookings", async () => {
    const { browser } = await newCustomer();
    const offline = await env.DB.prepare("select id from temples where online_booking = 0 order by id limit 1").first<{ id: number }>();
    const tab = await (await browser.get("/account?tab=favourites")).text();
    expect(tab).toContain(`<option value="${offline!.id}"`);
    const temples = await count("select count(*) as n from temples");
    expect(tab.match(/<option value="\d+"/g)?.length).toBe(temples);
  });
});

describe("the packages site", () => {
  it("shows a package at page_details and books all its pujas into the cart", async () => {
    const pkg = await env.DB.prepare(
      `select p.id, p.name, count(i.temple_puja_id) as items from packages p join package_items i on i.package_id = p.id
       where p.active = 1 group by p.id order by p.id limit 1`,
    ).first<{ id: number; name: string; items: number }>();
    const visitor = await pageText(await new TestBrowser().get(`/page_details?packageId=${pkg!.id}`));
    expect(visitor).toContain(pkg!.name);
    expect(visitor).toContain("Sign in to book this package");
    expect((await new TestBrowser().get("/page_details?packageId=999999")).status).toBe(404);

    const { browser, customerId } = await newCustomer();
    const booked = await browser.post(`/page_details?packageId=${pkg!.id}`, {
      form: "package",
      packageId: String(pkg!.id),
      devoteeName: "Meera Iyer",
      starId: "4",
      date: addDays(todayInIndia(), 10),
    });
    expect(booked.status).toBe(303);
    expect(booked.headers.get("location")).toBe("/cart");
    expect(await count("select count(*) as n from cart_items where customer_id = ? and package_id = ?", customerId, pkg!.id)).toBe(
      pkg!.items,
    );
    expect(await pageText(await browser.get("/cart"))).toContain(`${pkg!.name} added to your cart.`);
  });
});
