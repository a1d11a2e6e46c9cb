/**
 * A booking's reads are built once per isolate and bound per booking (app/db/prepared.server.ts):
 * each booking must still be checked against its own puja, stars, cart and address, one after
 * another in the same isolate, whatever their number.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { createDb } from "~/db/client.server";
import { addPujaToBookingList, type BookingListInput } from "~/domain/bookings/cart/booking-list.server";
import { BOOKING_MESSAGES } from "~/domain/bookings/cart/inputs";
import { count, findPuja, newCustomer, offeredDate } from "../support/bookings";

const NAMES = ["Meera Iyer", "K. Narayanan", "Lakshmi Menon"];

describe("a booking's reads, one booking after another", () => {
  it("checks each booking's own stars, one devotee or several, and counts its own cart", async () => {
    const { customerId } = await newCustomer();
    const puja = await findPuja("direct");
    const db = createDb(env.DB);
    const book = (stars: number[], weeksAhead = 1, input: Partial<BookingListInput> = { templePujaId: puja.id }) =>
      addPujaToBookingList(db, customerId, {
        ...input,
        devotees: stars.map((starId, i) => ({ name: NAMES[i]!, starId })),
        dates: [offeredDate(puja, weeksAhead)],
        quantity: 1,
        postal: false,
        addressId: null,
      });
    const unknownStar = { ok: false, field: "devotees", message: BOOKING_MESSAGES.star };

    expect(await book([4])).toEqual({ ok: true, mode: "cart", count: 1 });
    // Star 28 does not exist: one unknown star among known ones is refused, as alone.
    expect(await book([4, 28])).toEqual(unknownStar);
    expect(await book([4, 10], 2)).toEqual({ ok: true, mode: "cart", count: 2 });
    expect(await book([28])).toEqual(unknownStar);
    expect(await book([4, 10, 27], 3)).toEqual({ ok: true, mode: "cart", count: 3 });
    // The legacy API names the puja by temple and master puja.
    expect(await book([5], 4, { templeId: puja.temple_id, pujaId: puja.puja_id })).toEqual({ ok: true, mode: "cart", count: 1 });
    expect(await book([5], 4, { templePujaId: 2_000_000_000 })).toEqual({
      ok: false,
      field: "templePujaId",
      message: BOOKING_MESSAGES.puja,
    });
    expect(await count("select count(*) as n from cart_items where customer_id = ?", customerId)).toBe(7);
  });

  it("takes the devotee's own address for prasad by post, never another devotee's", async () => {
    const [{ customerId }, other] = await Promise.all([newCustomer(), newCustomer()]);
    const puja = await findPuja("direct", true);
    const addressOf = async (owner: number) =>
      (await env.DB.prepare(
        "insert into addresses (customer_id, name, line1, city, state, postal_code, phone) " +
          "values (?, 'Home', '1 Temple Road', 'Thrissur', 'Kerala', '680101', '9847012345') returning id",
      )
        .bind(owner)
        .first<{ id: number }>())!.id;
    const book = async (addressId: number) =>
      addPujaToBookingList(createDb(env.DB), customerId, {
        templePujaId: puja.id,
        devotees: [{ name: NAMES[0]!, starId: 4 }],
        dates: [offeredDate(puja)],
        quantity: 1,
        postal: true,
        addressId,
      });
    expect(await book(await addressOf(other.customerId))).toEqual({ ok: false, field: "addressId", message: BOOKING_MESSAGES.address });
    expect(await book(await addressOf(customerId))).toEqual({ ok: true, mode: "cart", count: 1 });
  });
});
