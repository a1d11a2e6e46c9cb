import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { normalizeFilterKey, passesPriestFilters, PRIEST_PAGE_SIZE, type PriestTempleFacts } from "~/domain/catalog/priests";
import { suggestPriestFilter } from "~/domain/catalog/priests-suggest.server";
import { priestFilterSchema, searchPriestTemples } from "~/domain/catalog/priests.server";
import { db } from "../support/public";

/**
 * Spec section 4, priests filtering: empty keys pass everything; Puja, Temple and
 * Priest keys are exact whole-text, case-insensitive matches; a missing priest name
 * counts as a blank space. A fixture temple makes each rule visible.
 */
const TEMPLE = { id: 990_001, name: "Thiruvilwamala Sree Rama Test Temple" };
const PRIESTS = [
  { id: 990_001, name: "Vishnu Namboothiri Testpriest" },
  { id: 990_002, name: null },
];
let puja = "";

async function search(filter: Record<string, string>) {
  return searchPriestTemples(db(), priestFilterSchema.parse({ shown: "5000", ...filter }));
}

const ids = async (filter: Record<string, string>) => (await search(filter)).temples.map((t) => t.id);

beforeAll(async () => {
  const place = await env.DB.prepare("select id as districtId, state_id as stateId from districts limit 1").first<{
    districtId: number;
    stateId: number;
  }>();
  const pujaRow = await env.DB.prepare("select id, name from pujas order by id limit 1").first<{ id: number; name: string }>();
  puja = pujaRow!.name;
  await env.DB.batch([
    env.DB.prepare(
      "insert or ignore into temples (id, slug, name, display_name, image_url, district_id, state_id, website) values (?, ?, ?, ?, ?, ?, ?, ?)",
    ).bind(
      TEMPLE.id,
      "test-priest-temple",
      TEMPLE.name,
      TEMPLE.name,
      "/images/temples/temple-01.svg",
      place!.districtId,
      place!.stateId,
      "test.sannidhi.example",
    ),
    ...PRIESTS.map((p) => env.DB.prepare("insert or ignore into priests (id, name) values (?, ?)").bind(p.id, p.name)),
    ...PRIESTS.map((p) =>
      env.DB.prepare("insert or ignore into priest_temples (priest_id, temple_id) values (?, ?)").bind(p.id, TEMPLE.id),
    ),
    env.DB.prepare("insert or ignore into priest_pujas (priest_id, puja_id) values (?, ?)").bind(PRIESTS[0]!.id, pujaRow!.id),
  ]);
});

describe("priests filter keys", () => {
  it("treats an empty key as empty, trims text, and keeps a blank key as one space", () => {
    expect(normalizeFilterKey("")).toBe("");
    expect(normalizeFilterKey(undefined)).toBe("");
    expect(normalizeFilterKey("  Rama  ")).toBe("Rama");
    expect(normalizeFilterKey("   ")).toBe(" ");
  });

  it("states the rules plainly: whole text, any case, null as a blank space", () => {
    const facts: PriestTempleFacts = { templeName: "Vaikom Mahadeva Temple", pujaNames: ["Archana"], priestNames: ["Hari Sharma", null] };
    expect(passesPriestFilters(facts, {})).toBe(true);
    expect(passesPriestFilters(facts, { puja: "ARCHANA" })).toBe(true);
    expect(passesPriestFilters(facts, { puja: "Arch" })).toBe(false);
    expect(passesPriestFilters(facts, { temple: "vaikom mahadeva temple" })).toBe(true);
    expect(passesPriestFilters(facts, { temple: "Vaikom" })).toBe(false);
    expect(passesPriestFilters(facts, { priest: "hari sharma" })).toBe(true);
    expect(passesPriestFilters(facts, { priest: "Hari" })).toBe(false);
    expect(passesPriestFilters(facts, { priest: " " })).toBe(true);
    expect(passesPriestFilters({ ...facts, priestNames: ["Hari Sharma"] }, { priest: " " })).toBe(false);
    expect(passesPriestFilters(facts, { puja: "Archana", priest: "Someone Else" })).toBe(false);
  });
});

describe("searchPriestTemples", () => {
  it("passes every temple with priests when all keys are empty", async () => {
    const result = await search({});
    const expected = await env.DB.prepare("select count(distinct temple_id) as n from priest_temples").first<{ n: number }>();
    expect(result.total).toBe(expected!.n);
    expect(result.temples).toHaveLength(expected!.n);
    expect(result.priestCount).toBeGreaterThan(0);
  });

  it("matches the priest name exactly, in any case, never partly", async () => {
    expect(await ids({ priest: "Vishnu Namboothiri Testpriest" })).toEqual([TEMPLE.id]);
    expect(await ids({ priest: "vishnu namboothiri TESTPRIEST" })).toEqual([TEMPLE.id]);
    expect(await ids({ priest: "  Vishnu Namboothiri Testpriest " })).toEqual([TEMPLE.id]);
    expect(await ids({ priest: "Vishnu Namboothiri" })).toEqual([]);
    expect(await ids({ priest: "Testpriest" })).toEqual([]);
  });

  it("counts a missing priest name as a blank space", async () => {
    const blank = await ids({ priest: " " });
    expect(blank).toContain(TEMPLE.id);
    const unnamed = await env.DB.prepare(
      "select count(distinct pt.temple_id) as n from priest_temples pt join priests p on p.id = pt.priest_id where p.name is null or trim(p.name) = ''",
    ).first<{ n: number }>();
    expect(blank).toHaveLength(unnamed!.n);
  });

  it("matches the temple name and the puja name exactly, in any case", async () => {
    expect(await ids({ temple: TEMPLE.name.toUpperCase() })).toEqual([TEMPLE.id]);
    expect(await ids({ temple: "Thiruvilwamala" })).toEqual([]);
    expect(await ids({ puja: puja.toLowerCase() })).toContain(TEMPLE.id);
    expect(await ids({ puja: puja.slice(0, 4) })).toEqual([]);
  });

  it("keeps only temples that pass all active filters", async () => {
    expect(await ids({ puja, temple: TEMPLE.name, priest: "Vishnu Namboothiri Testpriest" })).toEqual([TEMPLE.id]);
    expect(await ids({ puja, temple: TEMPLE.name, priest: "Someone Else" })).toEqual([]);
  });

  it("agrees with the plain statement of the rules on the whole seed", async () => {
    const { results } = await env.DB.prepare(`
      select t.id, t.name,
        (select json_group_array(p.name) from priest_temples pt join priests p on p.id = pt.priest_id where pt.temple_id = t.id) as priestNames,
        (select json_group_array(distinct u.name) from priest_temples pt join priest_pujas pp on pp.priest_id = pt.priest_id
           join pujas u on u.id = pp.puja_id where pt.temple_id = t.id) as pujaNames
      from temples t where exists (select 1 from priest_temples pt where pt.temple_id = t.id)`).all<{
      id: number;
      name: string;
      priestNames: string;
      pujaNames: string;
    }>();
    const facts = results.map((r) => ({
      id: r.id,
      templeName: r.name,
      priestNames: JSON.parse(r.priestNames) as (string | null)[],
      pujaNames: JSON.parse(r.pujaNames) as string[],
    }));
    const sample = facts.find((f) => f.priestNames.some(Boolean) && f.pujaNames.length && f.id !== TEMPLE.id)!;
    const filters: Record<string, string>[] = [
      { puja: sample.pujaNames[0]! },
      { temple: sample.templeName.toLowerCase() },
      { priest: sample.priestNames.find(Boolean)!.toUpperCase() },
      { puja: sample.pujaNames[0]!, priest: sample.priestNames.find(Boolean)! },
      { priest: " " },
    ];
    for (const filter of filters) {
      const expected = facts
        .filter((f) => passesPriestFilters(f, filter))
        .map((f) => f.id)
        .sort((a, b) => a - b);
      const result = await search(filter);
      const actual = result.temples.map((t) => t.id).sort((a, b) => a - b);
      expect(actual, JSON.stringify(filter)).toEqual(expected);
      expect(result.total, JSON.stringify(filter)).toBe(expected.length);
      expect(actual.length, JSON.stringify(filter)).toBeGreaterThan(0);
    }
  });

  it("follows the priests' links as they change: a puja's temples are kept by triggers", async () => {
    const other = await env.DB.prepare("select id, name from pujas order by id desc limit 1").first<{ id: number; name: string }>();
    const offered = async () => (await search({ puja: other!.name })).temples.some((t) => t.id === TEMPLE.id);
    const total = async () => (await search({ puja: other!.name })).total;
    expect(await offered()).toBe(false);
    const before = await total();
    // The unnamed priest of the test temple now performs it: the temple is found, and counted.
    await env.DB.prepare("insert into priest_pujas (priest_id, puja_id) values (?, ?)").bind(PRIESTS[1]!.id, other!.id).run();
    expect(await offered()).toBe(true);
    expect(await total()).toBe(before + 1);
    // A second priest there performs it too; one of them leaving the temple keeps it found.
    await env.DB.prepare("insert into priest_pujas (priest_id, puja_id) values (?, ?)").bind(PRIESTS[0]!.id, other!.id).run();
    await env.DB.prepare("delete from priest_temples where priest_id = ? and temple_id = ?").bind(PRIESTS[1]!.id, TEMPLE.id).run();
    expect(await offered()).toBe(true);
    // The last one stops performing it: the temple is gone from the puja's temples.
    await env.DB.prepare("delete from priest_pujas where priest_id = ? and puja_id = ?").bind(PRIESTS[0]!.id, other!.id).run();
    expect(await offered()).toBe(false);
    expect(await total()).toBe(before);
    // As it was: the unnamed priest back at the temple, without the puja.
    await env.DB.batch([
      env.DB.prepare("delete from priest_pujas where priest_id = ? and puja_id = ?").bind(PRIESTS[1]!.id, other!.id),
      env.DB.prepare("insert into priest_temples (priest_id, temple_id) values (?, ?)").bind(PRIESTS[1]!.id, TEMPLE.id),
    ]);
    expect(await offered()).toBe(false);
  });

  it("shows 20 at first and 20 more each time", async () => {
    const first = await searchPriestTemples(db(), priestFilterSchema.parse({}));
    expect(first.temples).toHaveLength(PRIEST_PAGE_SIZE);
    const more = await searchPriestTemples(db(), priestFilterSchema.parse({ shown: "40" }));
    expect(more.temples).toHaveLength(40);
    expect(more.temples.slice(0, 20).map((t) => t.id)).toEqual(first.temples.map((t) => t.id));
    expect(priestFilterSchema.parse({ shown: "7" }).shown).toBe(PRIEST_PAGE_SIZE);
    expect(priestFilterSchema.parse({ shown: "lots" }).shown).toBe(PRIEST_PAGE_SIZE);
  });

  it("lists each shown temple's priests, unnamed ones counted", async () => {
    const [temple] = (await search({ temple: TEMPLE.name })).temples;
    expect(temple?.name).toBe(TEMPLE.name);
    expect(temple?.district).toBeTruthy();
    expect(temple?.state).toBeTruthy();
    expect(temple?.priests).toEqual({ named: ["Vishnu Namboothiri Testpriest"], unnamed: 1 });
  });
});

describe("priest filter suggestions", () => {
  it("opens each list at the start of the alphabet when the input is cleared", async () => {
    for (const list of ["puja", "temple", "priest"] as const) {
      const names = await suggestPriestFilter(db(), list, "");
      expect(names.length, list).toBeGreaterThan(0);
      expect(
        [...names].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())),
        list,
      ).toEqual(names);
    }
  });

  it("offers names that the exact filters then find", async () => {
    const [priest] = await suggestPriestFilter(db(), "priest", "vishnu namboothiri t");
    expect(priest).toBe("Vishnu Namboothiri Testpriest");
    expect(await ids({ priest: priest! })).toEqual([TEMPLE.id]);
    expect(await suggestPriestFilter(db(), "priest", "VISHNU NAMB")).toContain("Vishnu Namboothiri Testpriest");
    expect(await suggestPriestFilter(db(), "temple", "thiruvilwamala sree rama test")).toEqual([TEMPLE.name]);
    expect(await suggestPriestFilter(db(), "puja", puja.slice(1, 6))).toContain(puja);
  });
});
