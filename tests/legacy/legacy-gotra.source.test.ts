/**
 * Issue 42: the legacy API keeps its payloads exactly when bookings carry a gotra. A puja added
 * through `/api/request/addtolist` answers as before and is stored with no gotra.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { addDays, nextOfferedDay } from "~/domain/bookings/cart/inputs";
import { todayInIndia } from "~/lib/india-time";
import { LegacyClient, legacySignUp } from "../support/legacy-client";

async function legacyPuja(mode: "request" | "direct") {
  const row = await env.DB.prepare(
    `select tp.temple_id as templeId, tp.puja_id as pujaId, tp.days_offered as days from temple_pujas tp join temples t on t.id = tp.temple_id
     where t.online_booking = 1 and t.verified = 1 and tp.active = 1 and tp.booking_mode = ? and tp.daily_capacity is null order by tp.id limit 1`,
  )
    .bind(mode)
    .first<{ templeId: number; pujaId: number; days: string }>();
  expect(row).toBeTruthy();
  return { ...row!, date: nextOfferedDay(row!.days, addDays(todayInIndia(), 9))! };
}

describe("the legacy booking list and gotra", () => {
  it("answers addtolist exactly as before and stores no gotra, for the cart and for requests", async () => {
    const client = new LegacyClient();
    const user = await legacySignUp(client);
    const customer = await env.DB.prepare("select id from customers where email = ?").bind(user.email).first<{ id: number }>();
    const direct = await legacyPuja("direct");
    const base = { DevoteeName: "மீரா ஐயர்", DevoteeStar: "5", PujaQuantity: "1" };
    const added = await client.call("/api/request/addtolist", {
      ...base,
      TempleID: direct.templeId,
      PujaID: direct.pujaId,
      dates: `<dates><date>${direct.date}</date></dates>`,
      // A field the legacy API never had is not read.
      Gotra: "Kashyapa",
    });
    expect(added.status).toBe(200);
    expect(Object.keys(added.body).sort()).toEqual(["Count", "Message", "Mode", "result"].sort());
    expect(added.body).toMatchObject({ result: "1", Mode: "cart", Count: 1 });
    const cart = await env.DB.prepare("select devotee_name, star_id, gotra from cart_items where customer_id = ?")
      .bind(customer!.id)
      .all<{ devotee_name: string; star_id: number; gotra: string | null }>();
    expect(cart.results).toEqual([{ devotee_name: "மீரா ஐயர்", star_id: 5, gotra: null }]);

    const onRequest = await legacyPuja("request");
    const asked = await client.call("/api/request/addtolist", {
      ...base,
      TempleID: onRequest.templeId,
      PujaID: onRequest.pujaId,
      dates: `<dates><date>${onRequest.date}</date></dates>`,
    });
    expect(Object.keys(asked.body).sort()).toEqual(["Count", "Message", "Mode", "result"].sort());
    expect(asked.body).toMatchObject({ result: "1", Mode: "request", Count: 1 });
    const stored = await env.DB.prepare("select gotra from requests where customer_id = ?")
      .bind(customer!.id)
      .all<{ gotra: string | null }>();
    expect(stored.results).toEqual([{ gotra: null }]);
  });
});
