/**
 * The counter quota at the desk: staff keep seats a day of a puja for the counter (or for
 * online), with clear messages for what cannot be kept; the seats page and the day sheet show
 * online, counter and left, and what is kept.
 */
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { COUNTER_MESSAGES } from "~/domain/bookings/counter/counter-inputs";
import { CAPACITY_MESSAGES as M } from "~/domain/temples-admin/puja-capacity-inputs";
import { longDate } from "~/domain/text";
import { todayInIndia } from "~/lib/india-time";
import { addDays, nextOfferedDay } from "~/domain/bookings/cart/inputs";
import { pageText } from "../support/browser";
import { gateway, newCustomer } from "../support/bookings";
import { auditRows, signedIn, STAFF_A, STAFF_B, templeOf } from "../support/staff";
import { ownPuja } from "../support/own-puja";

let templeA: number;
beforeAll(async () => {
  templeA = await templeOf(STAFF_A.email);
});

const seatsPath = (templePujaId: number) => `/desk/${templeA}/pujas/${templePujaId}/seats`;

function seatsForm(values: Record<string, string>): Record<string, string> {
  const form: Record<string, string> = { intent: "seats", dailyCapacity: "", perDevoteeLimit: "", counterKept: "", onlineKept: "" };
  for (let code = 0; code < 7; code++) form[`weekday${code}`] = "";
  return { ...form, ...values };
}

const keptOf = (templePujaId: number) =>
  env.DB.prepare("select counter_kept, online_kept from temple_pujas where id = ?")
    .bind(templePujaId)
    .first<{ counter_kept: number | null; online_kept: number | null }>();

function saleFields(templePujaId: number) {
  return {
    saleKey: crypto.randomUUID().replace(/-/g, ""),
    item: `puja-${templePujaId}`,
    pujaDate: todayInIndia(),
    "devotees[0].name": "Lakshmi Narayanan",
    "devotees[0].gotra": "Kashyapa",
    "devotees[0].starId": "4",
    quantity: "1",
    payment: "cash",
  };
}

describe("the counter quota at the desk", () => {
  it("saves seats kept for the counter or for online, audits them, and shows the next days by channel", async () => {
    const staff = await signedIn(STAFF_A);
    const puja = await ownPuja(templeA, { capacity: 4, label: "Quota Puja" });
    const path = seatsPath(puja.id);
    const form = await pageText(await staff.get(path));
    expect(form).toContain("Seats a day kept for the counter");
    expect(form).toContain("Seats a day kept for online booking");

    const saved = await staff.post(path, seatsForm({ dailyCapacity: "4", counterKept: "1" }));
    expect(saved.status).toBe(303);
    expect(await keptOf(puja.id)).toEqual({ counter_kept: 1, online_kept: null });
    const [audit] = await auditRows("puja.capacity", puja.id);
    expect(JSON.parse(audit!.detail)).toMatchObject({ dailyCapacity: 4, counterKept: 1, onlineKept: null });

    // A counter sale today: the next days show it apart from online, with what each side may still take.
    expect((await staff.post(`/desk/${templeA}/counter?item=puja-${puja.id}`, saleFields(puja.id))).status).toBe(200);
    const html = await (await staff.get(path)).text();
    const todayRow = new RegExp(`<tr><th scope="row">${longDate(todayInIndia())}</th>(.*?)</tr>`).exec(html)?.[1] ?? "";
    // Seats 4, online 0, counter 1, left 3; online may take 3 (one kept for the counter), the counter 3.
    expect([...todayRow.matchAll(/<td class="num">(\d+)<\/td>/g)].map((cell) => cell[1])).toEqual(["4", "0", "1", "3", "3", "3"]);

    expect((await staff.post(path, seatsForm({ dailyCapacity: "4", onlineKept: "2" }))).status).toBe(303);
    expect(await keptOf(puja.id)).toEqual({ counter_kept: null, online_kept: 2 });
    expect((await staff.post(path, seatsForm({ dailyCapacity: "4" }))).status).toBe(303);
    expect(await keptOf(puja.id)).toEqual({ counter_kept: null, online_kept: null });
  });

  it("answers what cannot be kept with a clear message and changes nothing", async () => {
    const staff = await signedIn(STAFF_A);
    const puja = await ownPuja(templeA, { capacity: 4, label: "Quota Puja" });
    const path = seatsPath(puja.id);
    const cases: [Record<string, string>, string][] = [
      [{ dailyCapacity: "4", counterKept: "1", onlineKept: "1" }, M.keptBoth],
      [{ dailyCapacity: "4", counterKept: "5" }, M.keptOver(4)],
      [{ dailyCapacity: "4", onlineKept: "9" }, M.keptOver(4)],
      [{ dailyCapacity: "", counterKept: "2" }, M.keptNoCapacity],
      [{ dailyCapacity: "4", counterKept: "-1" }, M.kept],
      [{ dailyCapacity: "4", onlineKept: "1.5" }, M.kept],
    ];
    for (const [values, message] of cases) {
      const bad = await staff.post(path, seatsForm(values));
      expect(bad.status, JSON.stringify(values)).toBe(400);
      expect(await pageText(bad)).toContain(message);
    }
    expect(await keptOf(puja.id)).toEqual({ counter_kept: null, online_kept: null });
    expect(await auditRows("puja.capacity", puja.id)).toHaveLength(0);
  });

  it("is another temple's staff's to set: 404, nothing saved", async () => {
    const other = await signedIn(STAFF_B);
    const puja = await ownPuja(templeA, { capacity: 4, label: "Quota Puja" });
    expect((await other.post(seatsPath(puja.id), seatsForm({ dailyCapacity: "4", counterKept: "1" }))).status).toBe(404);
    expect(await keptOf(puja.id)).toEqual({ counter_kept: null, online_kept: null });
  });

  it("the day sheet shows online, counter, left and what is kept for the counter", async () => {
    const staff = await signedIn(STAFF_A);
    const puja = await ownPuja(templeA, { capacity: 4, label: "Quota Puja" });
    await env.DB.prepare("update temple_pujas set counter_kept = 2 where id = ?").bind(puja.id).run();
    expect((await staff.post(`/desk/${templeA}/counter?item=puja-${puja.id}`, saleFields(puja.id))).status).toBe(200);
    const sheet = await pageText(await staff.get(`/desk/${templeA}/bookings?date=${todayInIndia()}`));
    expect(sheet).toContain(`${puja.name} — 1 / 4 booked · online 0 · counter 1 · left 3 · 2 kept for the counter`);
  });
});

describe("a counter sale and an online checkout racing for the last seat, through the Worker", () => {
  it("sell the seat once: the checkout's payment books it or the counter does, and the loser is told the day is full", async () => {
    const staff = await signedIn(STAFF_A);
    const temple = await env.DB.prepare("select slug from temples where id = ?").bind(templeA).first<{ slug: string }>();
    for (let round = 0; round < 4; round++) {
      const puja = await ownPuja(templeA, { capacity: 1, label: "Quota Puja" });
      const day = nextOfferedDay("0123456", addDays(todayInIndia(), 14))!;
      const { browser } = await newCustomer();
      const added = await browser.post(`/t/${temple!.slug}`, {
        form: "puja",
        templePujaId: String(puja.id),
        "devotees[0].name": "Meera Iyer",
        "devotees[0].starId": "4",
        "dates[0]": day,
        quantity: "1",
      });
      expect(added.status).toBeLessThan(400);
      const [checkout, counter] = await Promise.all([
        browser.post("/checkout", {}),
        staff.post(`/desk/${templeA}/counter?item=puja-${puja.id}`, { ...saleFields(puja.id), pujaDate: day }),
      ]);
      const checkoutWon = (checkout.headers.get("location") ?? "").startsWith("/checkout/pay/");
      expect([checkoutWon, counter.status === 200], `round ${round}`).toContain(true);
      expect(checkoutWon && counter.status === 200, `round ${round}`).toBe(false);
      if (checkoutWon) {
        expect(counter.status).toBe(400);
        expect(await pageText(counter)).toContain(COUNTER_MESSAGES.dayFull(0));
        // The devotee pays: the held seat becomes theirs.
        const orderId = decodeURIComponent(checkout.headers.get("location")!.split("/").pop()!);
        const paid = await browser.post("/payments/callback", await gateway.pay(orderId));
        expect(paid.status).toBeLessThan(400);
      } else {
        expect(checkout.headers.get("location")).toBe("/cart");
      }
      const seats = await env.DB.prepare(
        "select kind, quantity from puja_seats where temple_puja_id = ? and puja_date = ? and (expires_at is null or expires_at > ?)",
      )
        .bind(puja.id, day, new Date().toISOString())
        .all<{ kind: string; quantity: number }>();
      expect(seats.results, `round ${round}`).toEqual([{ kind: checkoutWon ? "booked" : "counter", quantity: 1 }]);
    }
  });
});
