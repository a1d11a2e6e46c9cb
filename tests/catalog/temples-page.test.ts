/**
 * The temples page's filters read with its search (one D1 batch): what a visitor sees in the
 * state and district lists beside the results, for a typed name, a deity, text too long, and a
 * district that is not the chosen state's.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { decode, fresh, get } from "../support/public";

/** The options' values and the selected one of a select in the page. */
function select(html: string, id: string) {
  const element = new RegExp(`<select[^>]*id="${id}"[^>]*>([\\s\\S]*?)</select>`).exec(html);
  expect(element, id).not.toBeNull();
  const values = [...element![1]!.matchAll(/<option[^>]*value="([^"]*)"/g)].map((match) => match[1]);
  const selected = /<option[^>]*value="([^"]*)"[^>]*selected/.exec(element![1]!)?.[1] ?? null;
  return { values: values.filter(Boolean).map(Number), selected, disabled: /<select[^>]*disabled/.test(element![0]) };
}

const countShown = (html: string) => Number(/class="result-count"[^>]*>([\d,]+) temples?</.exec(decode(html))?.[1]?.replace(/,/g, ""));

async function place() {
  const row = await env.DB.prepare(
    `select t.state_id as state, t.district_id as district,
       (select d.id from districts d where d.state_id != t.state_id order by d.id limit 1) as elsewhere
     from temples t where t.name like '%Guruvayur%' order by t.id limit 1`,
  ).first<{ state: number; district: number; elsewhere: number }>();
  const states = await env.DB.prepare("select id from states").all<{ id: number }>();
  const districts = await env.DB.prepare("select id from districts where state_id = ?").bind(row!.state).all<{ id: number }>();
  return { ...row!, states: states.results.map((r) => r.id), districts: districts.results.map((r) => r.id) };
}

describe("the temples page's filters beside its results", () => {
  it("lists every state, and no district until a state is chosen, beside a typed name's temples", async () => {
    const { states } = await place();
    const html = await (await get(fresh("/temples?key1=temple&key2=guruvayur"))).text();
    expect(select(html, "filter-state").values.sort((a, b) => a - b)).toEqual([...states].sort((a, b) => a - b));
    expect(select(html, "filter-district")).toMatchObject({ values: [], disabled: true });
    expect(countShown(html)).toBeGreaterThan(0);
  });

  it("lists the chosen state's districts, and keeps a district of that state", async () => {
    const { state, district, districts } = await place();
    for (const path of [`/temples?key1=temple&key2=guruvayur&state=${state}`, `/temples/deity/Krishna%20Temples?state=${state}`]) {
      const html = await (await get(fresh(path))).text();
      expect(select(html, "filter-state").selected, path).toBe(String(state));
      expect(
        select(html, "filter-district").values.sort((a, b) => a - b),
        path,
      ).toEqual([...districts].sort((a, b) => a - b));
    }
    const html = await (await get(fresh(`/temples?key1=temple&key2=guruvayur&state=${state}&district=${district}`))).text();
    expect(select(html, "filter-district").selected).toBe(String(district));
  });

  it("reads a district that is not the chosen state's as no district", async () => {
    const { state, elsewhere } = await place();
    const inState = await (await get(fresh(`/temples?key1=temple&key2=guruvayur&state=${state}`))).text();
    const html = await (await get(fresh(`/temples?key1=temple&key2=guruvayur&state=${state}&district=${elsewhere}`))).text();
    expect(select(html, "filter-district").selected, "all districts").toBe("");
    expect(countShown(html)).toBe(countShown(inState));
  });

  it("still lists the states when the text is too long", async () => {
    const { states } = await place();
    const response = await get(fresh(`/temples?key1=temple&key2=${"a".repeat(101)}`));
    expect(response.status).toBe(400);
    expect(select(await response.text(), "filter-state").values).toHaveLength(states.length);
  });
});
