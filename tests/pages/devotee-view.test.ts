/**
 * Issue 25: the devotee's view cookie (app/compose/view-cookie.server.ts). A page
 * composed for a signed-in devotee seals what it read of them (header, addresses, favourites)
 * into an HttpOnly cookie under their session; the next pages are composed from it without
 * reading the devotee again, until it expires or the devotee changes something (any write
 * clears it). It opens only beside its own session, and never makes a visitor's page personal.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { DEVOTEE_VIEW_SECONDS, openDevoteeView, sealDevoteeView } from "~/compose/view-cookie.server";
import { newUser, signUp, TestBrowser } from "../support/browser";
import { findPuja } from "../support/bookings";
import { DATA_BLOCK, fullThenComposed, part, toasts, VIEW_BLOCK, warm } from "./support/devotee-pages";
import { fresh, get } from "../support/public";

const SECRET = "a-test-secret-of-at-least-thirty-two-characters";
const SESSION = "s".repeat(43);

type Address = { id: number; name: string; line1: string; line2: string; city: string; state: string; postalCode: string };
type View = ReturnType<typeof aView>;

function aView(over: { addresses?: Address[] } = {}) {
  return {
    customerId: 7,
    firstName: "മീര",
    role: "customer",
    cartCount: 2,
    addresses: [] as Address[],
    profileAddress: true,
    savedPan: null,
    favourites: [3, 9],
    ...over,
  };
}

function requestWith(cookie: string) {
  return new Request("http://localhost/", { headers: { cookie } });
}

describe("the view cookie's seal", () => {
  it("opens for its own session until it expires, and not for another session, a changed value or another secret", async () => {
    const now = Date.now();
    const sealed = (await sealDevoteeView(SECRET, SESSION, aView(), now))!;
    expect(sealed).toMatch(/^[A-Za-z0-9_-]+$/);
    // Sealed, not just signed: the name is not in it.
    expect(atob(sealed.replaceAll("-", "+").replaceAll("_", "/"))).not.toContain("favourites");
    const cookie = `sn_session=${SESSION}; sn_view=${sealed}`;
    expect(await openDevoteeView<View>(requestWith(cookie), SECRET, SESSION, now)).toEqual(aView());
    expect(await openDevoteeView(requestWith(cookie), SECRET, SESSION, now + (DEVOTEE_VIEW_SECONDS - 1) * 1000)).toEqual(aView());
    expect(await openDevoteeView(requestWith(cookie), SECRET, SESSION, now + DEVOTEE_VIEW_SECONDS * 1000)).toBeNull();
    expect(await openDevoteeView(requestWith(cookie), SECRET, "t".repeat(43), now)).toBeNull();
    expect(await openDevoteeView(requestWith(cookie), `${SECRET}x`, SESSION, now)).toBeNull();
    const flipped = sealed.slice(0, 20) + (sealed[20] === "A" ? "B" : "A") + sealed.slice(21);
    expect(await openDevoteeView(requestWith(`sn_view=${flipped}`), SECRET, SESSION, now)).toBeNull();
    expect(await openDevoteeView(requestWith(`sn_view=${sealed.slice(0, -4)}`), SECRET, SESSION, now)).toBeNull();
    expect(await openDevoteeView(requestWith("sn_view=%3Cscript%3E"), SECRET, SESSION, now)).toBeNull();
  });

  it("is not made for a view that would not fit a cookie", async () => {
    const address = {
      id: 1,
      name: "ശ്രീ".repeat(40),
      line1: "പാത".repeat(60),
      line2: "",
      city: "Thrissur",
      state: "Kerala",
      postalCode: "680101",
    };
    const big = aView({ addresses: Array.from({ length: 8 }, (_, id) => ({ ...address, id })) });
    expect(await sealDevoteeView(SECRET, SESSION, big)).toBeNull();
    expect(await sealDevoteeView(SECRET, SESSION, aView({ addresses: [address] }))).not.toBeNull();
  });
});

/** The Set-Cookie line for `name` on a response, or undefined. */
function setCookie(response: Response, name: string) {
  return response.headers.getSetCookie().find((line) => line.startsWith(`${name}=`));
}

describe("pages composed from the view cookie", () => {
  it("a composed page sets it; the next pages use it until the devotee changes something, which clears it", async () => {
    const meera = new TestBrowser();
    const user = await signUp(meera, newUser({ name: "Meera Iyer" }));
    // The page that shows her welcome toast is composed (this isolate knows devotees share it) and seals her view: she starts without one.
    await warm(fresh("/services"));
    await meera.get("/services");
    expect(meera.cookies.has("sn_view")).toBe(true);
    meera.cookies.delete("sn_view");
    const { url, composed, composedHtml } = await fullThenComposed(meera, `/t/${(await findPuja("direct")).slug}`);
    expect(composedHtml).toMatch(VIEW_BLOCK);
    const line = setCookie(composed, "sn_view");
    expect(line).toBeDefined();
    for (const attribute of ["HttpOnly", "SameSite=Lax", "Path=/", `Max-Age=${DEVOTEE_VIEW_SECONDS}`]) expect(line).toContain(attribute);
    expect(meera.cookies.get("sn_view")).toBeTruthy();

    // Changed behind the page's back (another device, an operator): the next pages show the view as it was sealed.
    const id = (await env.DB.prepare("select id from customers where email = ?").bind(user.email).first<{ id: number }>())!.id;
    await env.DB.prepare("update customers set first_name = 'Meenakshi' where id = ?").bind(id).run();
    const cached = await meera.get(url);
    const cachedHtml = await cached.text();
    expect(setCookie(cached, "sn_view"), "a page composed from the cookie keeps it").toBeUndefined();
    expect(part(cachedHtml, "header")).toContain("Meera");
    expect(part(cachedHtml, "main")).toContain('value="Meera Iyer"');
    expect(JSON.parse(DATA_BLOCK.exec(cachedHtml)![1]!)).toMatchObject({ customer: { id, firstName: "Meera Iyer" } });

    // Any write clears it: the devotee keeps the temple as a favourite, and the next page is read again.
    const templeId = JSON.parse(VIEW_BLOCK.exec(cachedHtml)![1]!).site.temple.id as number;
    const kept = await meera.post("/favourites", { templeId: String(templeId), intent: "add", redirectTo: url });
    expect(kept.status).toBeLessThan(400);
    expect(setCookie(kept, "sn_view")).toMatch(/^sn_view=; .*Max-Age=0/);
    expect(meera.cookies.has("sn_view")).toBe(false);
    // The page it lands on, with its toast, is composed: read again, and sealed anew.
    const after = await meera.get(url);
    const afterHtml = await after.text();
    expect(toasts(afterHtml)).toContain("toast--success");
    expect(setCookie(after, "sn_view"), "read again, and sealed anew").toBeDefined();
    expect(part(afterHtml, "header")).toContain("Meenakshi");
    expect(JSON.parse(VIEW_BLOCK.exec(afterHtml)![1]!)).toMatchObject({ devoteeName: "Meenakshi", isFavourite: true });

    // The new cookie carries her favourites: the page composed from it still shows this temple as one.
    const fromCookie = await meera.get(url);
    const fromCookieHtml = await fromCookie.text();
    expect(setCookie(fromCookie, "sn_view")).toBeUndefined();
    expect(JSON.parse(VIEW_BLOCK.exec(fromCookieHtml)![1]!)).toMatchObject({ devoteeName: "Meenakshi", isFavourite: true });

    // The cookie holds no language: the same view under /ml is composed in Malayalam.
    const inMalayalam = `/ml${url}`;
    await warm(`http://localhost${inMalayalam}`);
    const ml = await meera.get(inMalayalam);
    const mlHtml = await ml.text();
    expect(setCookie(ml, "sn_view")).toBeUndefined();
    expect(mlHtml).toContain('<html lang="ml"');
    expect(mlHtml).toMatch(VIEW_BLOCK);
    expect(part(mlHtml, "header")).toContain("Meenakshi");
    expect(part(mlHtml, "main")).toContain('value="Meenakshi"');
  });

  it("opens only beside its own session: another devotee on the same browser gets their own page", async () => {
    const meera = new TestBrowser();
    await signUp(meera, newUser({ name: "Meera Iyer" }));
    await meera.get("/services");
    const { url } = await fullThenComposed(meera, `/t/${(await findPuja("direct")).slug}`);
    const hers = meera.cookies.get("sn_view");
    expect(hers).toBeTruthy();

    const ravi = new TestBrowser();
    await signUp(ravi, newUser({ name: "Ravi Menon" }));
    await ravi.get("/services");
    const page = await ravi.get(url, { cookie: `sn_session=${ravi.cookies.get("sn_session")}; sn_view=${hers}` });
    const html = await page.text();
    expect(html).toMatch(VIEW_BLOCK);
    expect(part(html, "header")).toContain("Ravi");
    expect(html).not.toContain("Meera");
    // His own view is sealed in its place.
    expect(setCookie(page, "sn_view")).toBeDefined();
  });

  it("never makes a visitor's page personal: without a session the cookie is ignored", async () => {
    const meera = new TestBrowser();
    await signUp(meera, newUser({ name: "Meera Iyer" }));
    await meera.get("/services");
    const { url } = await fullThenComposed(meera, `/t/${(await findPuja("direct")).slug}`);
    const page = await get(`http://localhost${url}`, { headers: { cookie: `sn_view=${meera.cookies.get("sn_view")}` } });
    expect(page.headers.get("cf-cache-status")).toBe("HIT");
    const html = await page.text();
    expect(html).toContain("Sign in to book");
    expect(html).not.toContain("Meera");
    expect(setCookie(page, "sn_view")).toBeUndefined();
    // The home page too: a header-only page seals the same view.
    const home = await meera.get(fresh("/").replace("http://localhost", ""));
    expect(home.status).toBe(200);
  });
});
