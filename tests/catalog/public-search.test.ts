import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { TEMPLE_PAGE_SIZE } from "~/domain/catalog/temples";
import { SEARCH_TEXT_MAX } from "~/domain/catalog/search";
import { suggestForSearch } from "~/domain/catalog/suggest.server";
import { resolveSearchKind, searchTemples, templeSearchSchema } from "~/domain/catalog/temples.server";
import { count, db } from "../support/public";

const search = (input: Record<string, string>) => searchTemples(db(), templeSearchSchema.parse(input));

async function firstDeity() {
  return (await env.DB.prepare("select id, name from deities order by display_order, name limit 1").first<{ id: number; name: string }>())!;
}

describe("search suggestions", () => {
  it("offers deities as '<name> Temples', pujas and temples", async () => {
    const deity = await firstDeity();
    const found = await suggestForSearch(db(), deity.name.slice(0, 5).toLowerCase());
    expect(found).toContainEqual({ kind: "deity", label: `${deity.name} Temples`, id: deity.id });
    const puja = (await env.DB.prepare("select id, name from pujas where name like '% %' order by id limit 1").first<{
      id: number;
      name: string;
    }>())!;
    expect(await suggestForSearch(db(), puja.name.split(" ")[1]!)).toContainEqual({ kind: "puja", label: puja.name, id: puja.id });
  });

  it("finds temples by the start of any word of their name", async () => {
    const temple = (await env.DB.prepare("select id, name, display_name from temples where name like '%, %' order by id limit 1").first<{
      id: number;
      name: string;
      display_name: string;
    }>())!;
    const town = temple.name.split(", ").pop()!;
    const found = await suggestForSearch(db(), `${temple.name.split(" ")[0]} ${town.slice(0, 4)}`);
    // Shown by its display name (as its card), the name that was typed beside it.
    // (A verified temple's suggestion also says so: `verified: true`.)
    expect(found).toContainEqual(
      expect.objectContaining({
        kind: "temple",
        label: temple.display_name,
        otherName: temple.name,
        id: temple.id,
        place: expect.stringMatching(/^[^,]+, [^,]+$/),
      }),
    );
    expect(found.length).toBeLessThanOrEqual(10);
  });

  it("puts the temple named exactly as typed first, whatever its prominence, in any case", async () => {
    // Names a search box takes (other tests' temples may have longer ones, which no search reads).
    const { results } = await env.DB.prepare(
      `select id, name from temples t where prominence = 0 and length(name) <= ?
       and (select count(*) from temples o where o.name = t.name collate nocase) = 1 order by id desc limit 6`,
    )
      .bind(SEARCH_TEXT_MAX)
      .all<{ id: number; name: string }>();
    expect(results).toHaveLength(6);
    for (const temple of results) {
      for (const text of [temple.name, temple.name.toUpperCase()]) {
        const first = (await suggestForSearch(db(), text)).find((s) => s.kind === "temple");
        expect(first?.id, text).toBe(temple.id);
      }
    }
  });

  it("waits for two characters and treats wildcards as text", async () => {
    expect(await suggestForSearch(db(), "k")).toEqual([]);
    expect(await suggestForSearch(db(), "%%")).toEqual([]);
    expect(await suggestForSearch(db(), '"_')).toEqual([]);
  });
});

describe("temples list (key1, key2, key3)", () => {
  it("lists every temple, online booking first, then assisted", async () => {
    const result = await search({});
    expect(result.total).toBe(await count("select count(*) as n from temples"));
    expect(result.temples).toHaveLength(TEMPLE_PAGE_SIZE);
    const order = result.temples.map((t) => Number(t.onlineBooking) * 2 + Number(t.isAssisted));
    expect([...order].sort((a, b) => b - a)).toEqual(order);
  });

  it("carries each temple's own name, district and state", async () => {
    const [card] = (await search({ key1: "temple", key2: "x", key3: "1" })).temples;
    const row = await env.DB.prepare(
      "select t.name, d.name as district, s.name as state from temples t join districts d on d.id = " +
        "t.district_id join states s on s.id = t.state_id where t.id = 1",
    ).first<{ name: string; district: string; state: string }>();
    expect(card).toMatchObject({ id: 1, name: row!.name, district: row!.district, state: row!.state });
  });

  it("searches a deity by its name, with or without ' Temples', and by id", async () => {
    const deity = await firstDeity();
    const expected = await count("select count(*) as n from temple_deities where deity_id = ?", deity.id);
    expect(expected).toBeGreaterThan(0);
    expect((await search({ key1: "deity", key2: `${deity.name} Temples` })).total).toBe(expected);
    expect((await search({ key1: "deity", key2: deity.name.toUpperCase() })).total).toBe(expected);
    expect((await search({ key1: "deity", key2: "anything", key3: String(deity.id) })).total).toBe(expected);
  });

  it("searches a puja among the pujas temples offer", async () => {
    const puja = (await env.DB.prepare(
      "select p.id, p.name, count(*) as n from pujas p join temple_pujas tp on tp.puja_id = p.id and tp.active = 1 group by p.id order by n desc limit 1",
    ).first<{ id: number; name: string; n: number }>())!;
    expect((await search({ key1: "puja", key2: puja.name })).total).toBe(puja.n);
    expect((await search({ key1: "puja", key2: puja.name.slice(0, -1) })).total).toBe(0);
  });

  it("finds a chosen temple by id, and typed words in temple names", async () => {
    const temple = (await env.DB.prepare("select id, name from temples order by id limit 1").first<{ id: number; name: string }>())!;
    const chosen = await search({ key1: "temple", key2: temple.name, key3: String(temple.id) });
    expect(chosen.temples.map((t) => t.id)).toEqual([temple.id]);
    const typed = await search({ key2: temple.name.toLowerCase() });
    expect(typed.kind).toBe("temple");
    expect(typed.temples.map((t) => t.id)).toContain(temple.id);
  });

  it("works out what typed text is when key1 is missing", async () => {
    const deity = await firstDeity();
    expect(await resolveSearchKind(db(), templeSearchSchema.parse({ key2: `${deity.name} temples` }))).toBe("deity");
    const puja = (await env.DB.prepare("select name from pujas order by id limit 1").first<{ name: string }>())!;
    expect(await resolveSearchKind(db(), templeSearchSchema.parse({ key2: puja.name.toLowerCase() }))).toBe("puja");
    expect(await resolveSearchKind(db(), templeSearchSchema.parse({ key2: "Guruvayur" }))).toBe("temple");
  });

  it("narrows by state and district and pages through the results", async () => {
    const place = (await env.DB.prepare(
      "select state_id as state, district_id as district, count(*) as n from temples group by state_id, district_id order by n desc limit 1",
    ).first<{ state: number; district: number; n: number }>())!;
    const inState = await count("select count(*) as n from temples where state_id = ?", place.state);
    expect((await search({ state: String(place.state) })).total).toBe(inState);
    expect((await search({ state: String(place.state), district: String(place.district) })).total).toBe(place.n);
    const page2 = await search({ page: "2" });
    const page1 = await search({});
    expect(page2.page).toBe(2);
    expect(page2.temples[0]?.id).not.toBe(page1.temples[0]?.id);
  });

  it("pages a deity's and a puja's temples within a place in list order, as the plain statement of the rules does", async () => {
    const order = "order by t.online_booking desc, t.is_assisted desc, t.name";
    // Temples with the same name may come in either order: compare names in order, and ids as a set.
    const same = (found: { id: number; name: string }[], expected: { id: number; name: string }[]) => {
      expect(found.map((t) => t.name)).toEqual(expected.map((t) => t.name));
      expect(found.map((t) => t.id).sort()).toEqual(expected.map((t) => t.id).sort());
    };
    const deity = (await env.DB.prepare(
      "select td.deity_id as id, d.name, t.state_id as state, count(*) as n from temple_deities td join " +
        "temples t on t.id = td.temple_id join deities d on d.id = td.deity_id group by td.deity_id, " +
        "t.state_id order by n desc limit 1",
    ).first<{ id: number; name: string; state: number; n: number }>())!;
    expect(deity.n, "several temples of one deity in one state").toBeGreaterThan(3);
    const { results: deityTemples } = await env.DB.prepare(
      `select t.id, t.name from temples t where t.state_id = ? and t.id in (select temple_id from ` +
        `temple_deities where deity_id = ?) ${order} limit ${TEMPLE_PAGE_SIZE}`,
    )
      .bind(deity.state, deity.id)
      .all<{ id: number; name: string }>();
    const byDeity = await search({ key1: "deity", key2: deity.name, state: String(deity.state) });
    expect(byDeity.total).toBe(deity.n);
    same(byDeity.temples, deityTemples);

    const puja = (await env.DB.prepare(
      "select tp.puja_id as id, p.name, t.district_id as district, t.state_id as state, count(*) as n " +
        "from temple_pujas tp join temples t on t.id = tp.temple_id join pujas p on p.id = tp.puja_id " +
        "where tp.active = 1 group by tp.puja_id, t.district_id order by n desc limit 1",
    ).first<{ id: number; name: string; district: number; state: number; n: number }>())!;
    expect(puja.n, "several temples offering one puja in one district").toBeGreaterThan(1);
    const { results: pujaTemples } = await env.DB.prepare(
      `select t.id, t.name from temples t where t.district_id = ? and t.id in (select temple_id from ` +
        `temple_pujas where puja_id = ? and active = 1) ${order} limit ${TEMPLE_PAGE_SIZE}`,
    )
      .bind(puja.district, puja.id)
      .all<{ id: number; name: string }>();
    const byPuja = await search({ key1: "puja", key2: puja.name, state: String(puja.state), district: String(puja.district) });
    expect(byPuja.total).toBe(puja.n);
    same(byPuja.temples, pujaTemples);
  });

  it("finds nothing for text no temple has ('No Temples')", async () => {
    const result = await search({ key2: "Zzyzx Qwertyuiop" });
    expect(result.total).toBe(0);
    expect(result.temples).toEqual([]);
    expect((await search({ key2: "!!!" })).total).toBe(0);
  });

  it("ignores bad input instead of failing", () => {
    expect(templeSearchSchema.parse({ key1: "nonsense", page: "-3", state: "abc", key3: "1e99" })).toEqual({ page: 1 });
  });
});
