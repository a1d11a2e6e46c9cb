import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { LegacyClient, demoClient, legacySignUp, scalar } from "../support/legacy-client";

const DEMO_ID = 1;

async function demoTrackingNos() {
  const { results } = await env.DB.prepare(
    "select tracking_no as t from transactions where customer_id = ? and deleted_at is null order by id",
  )
    .bind(DEMO_ID)
    .all<{ t: string }>();
  return results.map((r) => r.t);
}

describe("My Transactions", () => {
  it("TransactionSummary answers two lists: completed summaries and requests", async () => {
    const client = await demoClient();
    const { body } = await client.call("/api/Transaction/TransactionSummary");
    expect(body.summaries).toHaveLength((await demoTrackingNos()).length);
    const [latest] = body.summaries;
    const row = await env.DB.prepare("select * from transactions where tracking_no = ?")
      .bind(latest.TrackingNo)
      .first<Record<string, any>>();
    expect(latest).toEqual({
      BookingDate: row!.booking_date,
      ReceiptNo: row!.receipt_no,
      TrackingNo: row!.tracking_no,
      Total: row!.total / 100,
      Status: 0,
    });
    expect(body.requests.filter((r: { Status: number }) => r.Status === 2)).toHaveLength(
      (await scalar("select count(*) as n from requests where customer_id = 1 and status = 2"))!,
    );
    expect(body.requests.filter((r: { Status: number }) => r.Status === 1)).toHaveLength(
      (await scalar("select count(*) as n from requests where customer_id = 1 and status = 1"))!,
    );
  });

  it("TransactionTempleDetails and TransactionDetails add up to the booking's total", async () => {
    const client = await demoClient();
    for (const trackingNo of await demoTrackingNos()) {
      const total = (await scalar("select total as n from transactions where tracking_no = ?", trackingNo))! / 100;
      const temples = (await client.call("/api/Transaction/TransactionTempleDetails", { TrackingNo: trackingNo })).body;
      expect(temples.reduce((sum: number, t: { Total: number }) => sum + t.Total, 0)).toBeCloseTo(total, 2);
      const lines = (await client.call("/api/Transaction/TransactionDetails", { TrackingNo: trackingNo })).body;
      expect(lines.reduce((sum: number, l: { Total: number }) => sum + l.Total, 0)).toBeCloseTo(total, 2);
      for (const line of lines) {
        const expected =
          line.ItemType === "PUJA" ? line.Amount * line.Quantity + line.Quantity * line.PostalCharge : line.Amount * line.Quantity;
        expect(line.Total).toBeCloseTo(expected, 2);
      }
    }
    const withVideo = await env.DB.prepare(
      "select t.tracking_no as t from transaction_lines l join transactions t on t.id = " +
        "l.transaction_id where t.customer_id = 1 and l.video_key is not null and t.deleted_at is null " +
        "limit 1",
    ).first<{ t: string }>();
    const lines = (await client.call("/api/Transaction/TransactionDetails", { TrackingNo: withVideo!.t })).body;
    expect(lines.some((l: { DocumentPath: string }) => l.DocumentPath.startsWith("/videos/"))).toBe(true);
  });

  it("never shows or removes another customer's booking: the same answer as an unknown one", async () => {
    const stranger = new LegacyClient();
    await legacySignUp(stranger);
    const [demoBooking] = await demoTrackingNos();
    for (const path of ["/api/Transaction/TransactionTempleDetails", "/api/Transaction/TransactionDetails"]) {
      const theirs = await stranger.call(path, { TrackingNo: demoBooking });
      const unknown = await stranger.call(path, { TrackingNo: "TRK-NO-SUCH" });
      expect(theirs.status).toBe(404);
      expect(theirs.body).toEqual(unknown.body);
    }
    const removal = await stranger.call("/api/Transaction/RemoveTransaction", { TrackingNo: demoBooking });
    expect(removal.body).toEqual({ Status: 1, Message: "We could not find that booking in your list." });
    expect((await demoTrackingNos())[0]).toBe(demoBooking);
    expect((await stranger.call("/api/Transaction/TransactionSummary")).body).toEqual({ summaries: [], requests: [] });
  });

  it("RemoveTransaction hides the customer's own booking (Status 0 with the message)", async () => {
    const client = await demoClient();
    const before = await demoTrackingNos();
    const removed = await client.call("/api/Transaction/RemoveTransaction", { TrackingNo: before.at(-1) });
    expect(removed.body.Status).toBe(0);
    expect(removed.body.Message).toMatch(/removed/);
    expect(await demoTrackingNos()).toEqual(before.slice(0, -1));
    expect((await client.call("/api/Transaction/TransactionDetails", { TrackingNo: before.at(-1) })).status).toBe(404);
    expect((await client.call("/api/Transaction/RemoveTransaction", { TrackingNo: before.at(-1) })).body.Status).toBe(1);
  });
});

describe("favourites", () => {
  it("lists, adds (never twice) and removes, only for the signed-in customer", async () => {
    const client = await demoClient();
    const list = async (c = client) => (await c.call("/api/Customer/FavouriteTemples", { LanguageID: 1 })).body as { TempleID: number }[];
    const before = await list();
    expect(before).toHaveLength((await scalar("select count(*) as n from favourites where customer_id = 1"))!);
    const candidate = await scalar(
      "select id as n from temples where id not in (select temple_id from favourites where customer_id = 1) limit 1",
    );
    expect((await client.call("/api/Temple/AddToFavourites", { TempleID: candidate })).body).toEqual({
      Status: "success",
      Message: "Temple added to your favourites.",
    });
    expect((await client.call("/api/Temple/AddToFavourites", { TempleID: String(candidate) })).body.Status).toBe("failure");
    expect((await list()).map((f) => f.TempleID)).toContain(candidate);
    expect((await client.call("/api/Temple/AddToFavourites", { TempleID: 99999999 })).body).toEqual({
      Status: "failure",
      Message: "Choose a temple from the list.",
    });
    const stranger = new LegacyClient();
    await legacySignUp(stranger);
    await stranger.call("/api/Customer/RemoveFavouriteTemple", { TempleID: candidate });
    expect((await list()).map((f) => f.TempleID)).toContain(candidate);
    expect(await list(stranger)).toEqual([]);
    expect((await client.call("/api/Customer/RemoveFavouriteTemple", { TempleID: candidate })).body).toEqual({
      Status: "success",
      Message: "Temple removed from your favourites.",
    });
    expect(await list()).toEqual(before);
  });
});

async function bookablePuja(mode: "request" | "direct", postal = false) {
  const row = await env.DB.prepare(
    `select tp.temple_id as templeId, tp.puja_id as pujaId, tp.days_offered as days from temple_pujas tp join temples t on t.id = tp.temple_id
     where t.online_booking = 1 and t.verified = 1 and tp.active = 1 and tp.booking_mode = ? and tp.postal_charge ${postal ? ">" : ">="} 0 limit 1`,
  )
    .bind(mode)
    .first<{ templeId: number; pujaId: number; days: string }>();
  const dates: string[] = [];
  for (let i = 2; dates.length < 2; i++) {
    const day = new Date(Date.now() + i * 86_400_000).toISOString().slice(0, 10);
    if (row!.days.includes(String(new Date(`${day}T00:00:00Z`).getUTCDay()))) dates.push(day);
  }
  return { ...row!, dates };
}

describe("addtolist", () => {
  it("adds an on-request puja as requests (result '1'), one per date from the XML list", async () => {
    const client = await demoClient();
    const puja = await bookablePuja("request", true);
    const before = await scalar("select count(*) as n from requests where customer_id = 1 and status = 2");
    const answer = await client.call("/api/request/addtolist", {
      DevoteeName: "K. Narayanan",
      dates: `<dates>${puja.dates.map((d) => `<date>${d}</date>`).join("")}</dates>`,
      TempleID: puja.templeId,
      PujaID: puja.pujaId,
      PujaTypeID: 0,
      Rate: "1.00",
      DevoteeStar: 10,
      PujaQuantity: 1,
      PostalCharges: 40,
      OnlineBookingStatus: 1,
      Address: "",
      ShippingID: 1,
    });
    expect(answer.body).toEqual({ result: "1", Message: "puja added booking list", Mode: "request", Count: 2 });
    expect(await scalar("select count(*) as n from requests where customer_id = 1 and status = 2")).toBe(before! + 2);
    const stored = await env.DB.prepare("select rate, shipping_id from requests where customer_id = 1 order by id desc limit 1").first<{
      rate: number;
      shipping_id: number;
    }>();
    expect(stored!.rate).not.toBe(100);
    expect(stored!.shipping_id).toBe(1);
  });

  it("sends direct pujas to the cart; refuses another customer's address and past dates", async () => {
    const client = new LegacyClient();
    await legacySignUp(client);
    const puja = await bookablePuja("direct");
    const base = { DevoteeName: "Meera Iyer", TempleID: puja.templeId, PujaID: puja.pujaId, DevoteeStar: "5", PujaQuantity: "2" };
    const added = await client.call("/api/request/addtolist", { ...base, dates: puja.dates[0] });
    expect(added.body).toMatchObject({ result: "1", Mode: "cart", Count: 1 });
    const postal = await bookablePuja("direct", true);
    const stolen = await client.call("/api/request/addtolist", {
      ...base,
      TempleID: postal.templeId,
      PujaID: postal.pujaId,
      dates: postal.dates[0],
      PostalCharges: 10,
      ShippingID: 1,
    });
    expect(stolen.body).toMatchObject({ result: "0", field: "ShippingID" });
    const past = await client.call("/api/request/addtolist", { ...base, dates: "<dates><date>2001-01-01</date></dates>" });
    expect(past.status).toBe(400);
    expect(past.body).toMatchObject({ field: "dates.0", message: "Choose a puja date after today" });
    const noStar = await client.call("/api/request/addtolist", { ...base, DevoteeStar: 40, dates: puja.dates[0] });
    expect(noStar.body).toMatchObject({ field: "DevoteeStar" });
    const unknown = await client.call("/api/request/addtolist", { ...base, PujaID: 999999, dates: puja.dates[0] });
    expect(unknown.body).toMatchObject({ result: "0", field: "PujaID" });
  });

  it("obeys a limited puja's day: a full day and one devotee's limit are refused with a clear answer", async () => {
    const client = new LegacyClient();
    await legacySignUp(client);
    const puja = await bookablePuja("direct");
    const tp = await env.DB.prepare("select id from temple_pujas where temple_id = ? and puja_id = ?")
      .bind(puja.templeId, puja.pujaId)
      .first<{ id: number }>();
    const [day, nextDay] = puja.dates.slice(-2);
    // The day is full (a date rule of none), and one devotee may take two a day.
    await env.DB.batch([
      env.DB.prepare("insert or replace into puja_capacity_rules (temple_puja_id, day, capacity) values (?, ?, 0)").bind(tp!.id, day),
      env.DB.prepare("update temple_pujas set per_devotee_limit = 2 where id = ?").bind(tp!.id),
    ]);
    try {
      const base = { DevoteeName: "Meera Iyer", TempleID: puja.templeId, PujaID: puja.pujaId, DevoteeStar: "5" };
      const full = await client.call("/api/request/addtolist", { ...base, PujaQuantity: "1", dates: day });
      expect(full.body).toMatchObject({ result: "0", field: "dates" });
      expect(full.body.Message).toMatch(/is full\. Please choose another day\.$/);
      const many = await client.call("/api/request/addtolist", { ...base, PujaQuantity: "3", dates: nextDay });
      expect(many.body).toMatchObject({
        result: "0",
        field: "PujaQuantity",
        Message: "One devotee may book at most 2 of this puja for one day.",
      });
      expect((await client.call("/api/request/addtolist", { ...base, PujaQuantity: "2", dates: nextDay })).body).toMatchObject({
        result: "1",
      });
    } finally {
      await env.DB.batch([
        env.DB.prepare("delete from puja_capacity_rules where temple_puja_id = ? and day = ?").bind(tp!.id, day),
        env.DB.prepare("update temple_pujas set per_devotee_limit = null where id = ?").bind(tp!.id),
      ]);
    }
  });
});
