import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { LegacyClient, scalar } from "../support/legacy-client";

const client = new LegacyClient();

describe("ListTemples", () => {
  it("category temple: every temple with the spec's fields, districts, deities, states and master pujas", async () => {
    const { status, body } = await client.call("/api/Temple/ListTemples", { LanguageID: 1, Category: "temple" });
    expect(status).toBe(200);
    expect(body.Category).toBe("temple");
    expect(body.temples).toHaveLength((await scalar("select count(*) as n from temples"))!);
    expect(body.districts).toHaveLength((await scalar("select count(*) as n from districts"))!);
    expect(body.deities).toHaveLength((await scalar("select count(*) as n from deities"))!);
    expect(body.states).toHaveLength((await scalar("select count(*) as n from states"))!);
    expect(body.pujas).toHaveLength((await scalar("select count(*) as n from pujas"))!);
    const online = body.temples.find((t: { InternetBankingFacility: number }) => t.InternetBankingFacility === 1);
    const row = await env.DB.prepare("select name, website from temples where id = ?")
      .bind(online.TempleID)
      .first<{ name: string; website: string }>();
    expect(online).toMatchObject({ TempleName: row!.name, WebSite: row!.website });
  });

  it("category priest: states, districts, priest count, pujas and associated temples", async () => {
    const { body } = await client.call("/api/Temple/ListTemples", { LanguageID: "1", category: "Priest" });
    expect(body.Category).toBe("priest");
    expect(body.priestCount).toBe(await scalar("select count(*) as n from priests"));
    expect(body.associatedTemples.length).toBe(await scalar("select count(distinct temple_id) as n from priest_temples"));
    const [entry] = body.pujas;
    const performed = await scalar(
      `select count(*) as n from priest_temples pt join priest_pujas pp on pp.priest_id = pt.priest_id
       join pujas p on p.id = pp.puja_id where pt.temple_id = ? and p.name = ?`,
      entry.TempleID,
      entry.PujaName,
    );
    expect(performed).toBeGreaterThan(0);
    const associated = body.associatedTemples[0];
    expect(await scalar("select count(*) as n from temples where id = ? and name = ?", associated.TempleID, associated.MessageBody)).toBe(
      1,
    );
  });

  it("refuses another category, naming the field; any LanguageID is answered", async () => {
    expect((await client.call("/api/Temple/ListTemples", { Category: "mosque" })).body).toMatchObject({ field: "Category" });
    expect((await client.call("/api/Temple/ListTemples", { Category: "temple", LanguageID: 3 })).status).toBe(200);
    expect((await client.call("/api/Temple/ListTemples", { Category: "temple", LanguageID: 77 })).status).toBe(200);
    expect((await client.call("/api/Temple/ListTemples", {})).body).toMatchObject({ field: "Category" });
  });
});

describe("getAllTemplesList", () => {
  it("answers result.temples passing every filter", async () => {
    const all = await client.call("/client/getAllTemplesList", {
      templeName: "",
      deityName: "",
      languageID: 1,
      pujaName: "",
      sameDayPuja: false,
    });
    expect(all.body.result.temples.length).toBe(Math.min(500, (await scalar("select count(*) as n from temples"))!));
    const deity = await env.DB.prepare(
      "select d.name, count(*) as n from deities d join temple_deities td on td.deity_id = d.id group by d.id order by n desc limit 1",
    ).first<{ name: string; n: number }>();
    const byDeity = await client.call("/client/getAllTemplesList", { deityName: `${deity!.name.toUpperCase()} Temples`, languageID: 1 });
    expect(byDeity.body.result.temples).toHaveLength(deity!.n);
    const puja = await env.DB.prepare(
      "select p.name, count(distinct tp.temple_id) as n from pujas p join temple_pujas tp on tp.puja_id " +
        "= p.id and tp.active = 1 group by p.id order by n desc limit 1",
    ).first<{ name: string; n: number }>();
    const byBoth = await client.call("/client/getAllTemplesList", { deityName: deity!.name, pujaName: puja!.name.toLowerCase() });
    const both = await scalar(
      `select count(*) as n from temples t where t.id in (select temple_id from temple_deities where deity_id = (select id from deities where name = ?))
       and t.id in (select temple_id from temple_pujas where active = 1 and puja_id = (select id from pujas where name = ?))`,
      deity!.name,
      puja!.name,
    );
    expect(byBoth.body.result.temples).toHaveLength(both!);
    const sameDay = await client.call("/client/getAllTemplesList", { sameDayPuja: "Y" });
    expect(sameDay.body.result.temples.every((t: { InternetBankingFacility: number }) => t.InternetBankingFacility === 1)).toBe(true);
    const [first] = all.body.result.temples;
    const byName = await client.call("/client/getAllTemplesList", { templeName: first.TempleName });
    expect(byName.body.result.temples.map((t: { TempleID: number }) => t.TempleID)).toContain(first.TempleID);
  });

  it("finds nothing for an unknown deity, and refuses a wrong type", async () => {
    expect((await client.call("/client/getAllTemplesList", { deityName: "No Such Deity" })).body).toEqual({ result: { temples: [] } });
    expect((await client.call("/client/getAllTemplesList", { sameDayPuja: "maybe" })).body).toMatchObject({ field: "sameDayPuja" });
    expect((await client.call("/client/getAllTemplesList", { templeName: 42 })).body).toMatchObject({ field: "templeName" });
  });
});

describe("getPujaId, deities, packages", () => {
  it("getPujaId finds a temple's puja by name, any case; 404 otherwise", async () => {
    const row = await env.DB.prepare(
      "select tp.temple_id as templeId, p.id as pujaId, p.name, tp.rate from temple_pujas tp join pujas p on p.id = tp.puja_id where tp.active = 1 limit 1",
    ).first<{ templeId: number; pujaId: number; name: string; rate: number }>();
    const found = await client.call("/api/puja/getPujaId", { templeId: String(row!.templeId), pujaName: row!.name.toUpperCase() });
    expect(found.body).toMatchObject({ PujaID: row!.pujaId, TempleID: row!.templeId, Rate: row!.rate / 100 });
    const missing = await client.call("/api/puja/getPujaId", { TempleID: row!.templeId, pujaName: "No Such Puja" });
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ Status: "Failed", error: "not_found", field: "pujaName" });
    expect((await client.call("/api/puja/getPujaId", { templeId: -3, pujaName: "x" })).body).toMatchObject({ field: "templeId" });
  });

  it("listAllDeities lists every deity; loadActivePujaPackages' first element is the packages list", async () => {
    const deities = await client.call("/api/common/listAllDeities");
    expect(deities.body).toHaveLength((await scalar("select count(*) as n from deities"))!);
    expect(deities.body[0]).toEqual({
      DeityID: expect.any(Number),
      DeityName: expect.any(String),
      imagePath: expect.stringMatching(/^\/images\//),
    });
    const packages = await client.call("/api/loadActivePujaPackages");
    expect(packages.body).toHaveLength(1);
    const [list] = packages.body;
    expect(list.length).toBe(Math.min(8, (await scalar("select count(*) as n from packages where active = 1"))!));
    expect(list[0].PackageURL).toMatch(/\/page_details\?packageId=\d+$/);
  });
});

describe("events and announcements", () => {
  it("LoadAllEvents and LoadAllAnnouncement answer the message shape; display order 999 is the pop-up", async () => {
    const events = await client.call("/api/LoadAllEvents", { LanguageID: 1 });
    expect(events.body.length).toBeGreaterThan(0);
    const announcements = await client.call("/api/LoadAllAnnouncement", { LanguageID: 1 });
    expect(announcements.body.filter((m: { MessageDisplayOrder: number }) => m.MessageDisplayOrder === 999)).toHaveLength(1);
    for (const path of ["/api/LoadAllEvents", "/api/LoadAllAnnouncement"]) {
      const hindi = await client.call(path, { LanguageID: 2 });
      expect(hindi.status).toBe(200);
      expect(hindi.body.length).toBe((await client.call(path, { LanguageID: 1 })).body.length);
    }
  });
});
