/** Temple and package sites on their own hosts, favourites, and booking a whole package. */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { addDays } from "~/domain/bookings/inputs";
import { todayInIndia } from "~/lib/india-time";
import { pageText, TestBrowser } from "./accounts-helpers";
import { count, newCustomer } from "./bookings-helpers";

describe("sites on other hosts", () => {
  it("starts the packages origin's host at the packages list", async () => {
    const response = await new TestBrowser("http://packages.localhost:8787").get("/");
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/packages");
  });

  it("starts a temple's own host at its site, and leaves other hosts alone", async () => {
    const temple = await env.DB.prepare("select slug, website from temples where website != '' and online_booking = 1 order by id limit 1")
      .first<{ slug: string; website: string }>();
    const response = await new TestBrowser(`http://${temple!.website}`).get("/");
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe(`/t/${temple!.slug}`);
    expect((await new TestBrowser("http://www.unknown-host.example").get("/")).status).toBe(200);
  });
});

describe("favourites", () => {
  it("adds a temple once, shows it in the grid and removes it", async () => {
    const { browser, customerId } = await newCustomer();
    const temple = await env.DB.prepare("select id, display_name from temples where online_booking = 1 order by id limit 1")
      .first<{ id: number; display_name: string }>();
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
    expect(await count("select count(*) as n from cart_items where customer_id = ? and package_id = ?", customerId, pkg!.id)).toBe(pkg!.items);
    expect(await pageText(await browser.get("/cart"))).toContain(`${pkg!.name} added to your cart.`);
  });
});
