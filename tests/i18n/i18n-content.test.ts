/**
 * Content in the devotee's language: the desk gives its temple a name and description in
 * other languages, the console does the same for pujas, deities and messages; pages in a
 * language show them and fall back to English where there are none. Stars and deities are
 * seeded in all six languages.
 */
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it, onTestFinished } from "vitest";
import { pageText, TestBrowser } from "../support/browser";
import { auditRows, OPERATOR, signedIn, STAFF_A, templeOf } from "../support/staff";

let templeId: number;
let slug: string;
let englishName: string;
let displayName: string;
beforeAll(async () => {
  templeId = await templeOf(STAFF_A.email);
  const row = await env.DB.prepare("select slug, name, display_name from temples where id = ?")
    .bind(templeId)
    .first<{ slug: string; name: string; display_name: string }>();
  slug = row!.slug;
  englishName = row!.name;
  displayName = row!.display_name;
});

const variants = async (kind: string, refId: number) =>
  (
    await env.DB.prepare("select locale, field, text from content_translations where kind = ? and ref_id = ? order by locale, field")
      .bind(kind, refId)
      .all()
  ).results;

/** Puts back, when the test is done, the variants of an item the seed gave it (other files read them). */
async function keepVariants(kind: "temple" | "puja", refId: number) {
  const seeded = (await variants(kind, refId)) as { locale: string; field: string; text: string }[];
  onTestFinished(async () => {
    await env.DB.prepare("delete from content_translations where kind = ? and ref_id = ?").bind(kind, refId).run();
    for (const row of seeded)
      await env.DB.prepare("insert into content_translations (kind, ref_id, locale, field, text) values (?, ?, ?, ?, ?)")
        .bind(kind, refId, row.locale, row.field, row.text)
        .run();
  });
}

describe("the desk's temple in other languages", () => {
  it("saves a Malayalam name and description that the Malayalam site shows, the English site does not", async () => {
    // Other test files share this database: the temple's seeded names in other languages come back at the end.
    await keepVariants("temple", templeId);
    const staff = await signedIn(STAFF_A);
    const form = await staff.get(`/desk/${templeId}/languages`);
    expect(form.status).toBe(200);
    expect(await pageText(form)).toContain("Temple in other languages");
    const saved = await staff.post(`/desk/${templeId}/languages`, {
      "ml.name": "  ഗുരുവായൂർ ശ്രീകൃഷ്ണ ക്ഷേത്രം ",
      "ml.description": "ഭൂലോക വൈകുണ്ഠം എന്നറിയപ്പെടുന്ന ക്ഷേത്രം.",
      "hi.name": "",
    });
    expect(saved.status).toBe(303);
    expect(await variants("temple", templeId)).toEqual([
      { locale: "ml", field: "description", text: "ഭൂലോക വൈകുണ്ഠം എന്നറിയപ്പെടുന്ന ക്ഷേത്രം." },
      { locale: "ml", field: "name", text: "ഗുരുവായൂർ ശ്രീകൃഷ്ണ ക്ഷേത്രം" },
    ]);
    expect(await auditRows("temple.languages", templeId)).not.toHaveLength(0);

    const visitor = new TestBrowser();
    const malayalam = await pageText(await visitor.get(`/ml/t/${slug}`));
    expect(malayalam).toContain("ഗുരുവായൂർ ശ്രീകൃഷ്ണ ക്ഷേത്രം");
    expect(malayalam).toContain("ഭൂലോക വൈകുണ്ഠം");
    const english = await pageText(await visitor.get(`/t/${slug}`));
    expect(english).not.toContain("ഗുരുവായൂർ ശ്രീകൃഷ്ണ ക്ഷേത്രം");
    // Hindi has no variant: the Hindi site shows the English name.
    expect(await pageText(await visitor.get(`/hi/t/${slug}`))).toContain(displayName);
    // The Malayalam list of temples shows the Malayalam name too.
    expect(await pageText(await visitor.get(`/ml/temples?key1=temple&key2=${encodeURIComponent(englishName)}`))).toContain(
      "ഗുരുവായൂർ ശ്രീകൃഷ്ണ ക്ഷേത്രം",
    );

    // Emptying a box removes the variant: Malayalam falls back to English.
    expect((await staff.post(`/desk/${templeId}/languages`, { "ml.name": "", "ml.description": "" })).status).toBe(303);
    expect(await variants("temple", templeId)).toEqual([]);
  });

  it("refuses a name longer than 200 characters, saving nothing", async () => {
    const staff = await signedIn(STAFF_A);
    const before = await variants("temple", templeId);
    const response = await staff.post(`/desk/${templeId}/languages`, { "ta.name": "க".repeat(201), "ml.name": "ഗുരുവായൂർ" });
    expect(response.status).toBe(400);
    expect(await pageText(response)).toContain("At most 200 characters");
    expect(await variants("temple", templeId)).toEqual(before);
  });

  it("is the staff's own: a devotee and another temple's staff are refused", async () => {
    const devotee = await signedIn({ email: "devotee@sannidhi.example", password: "Devotee@2026" });
    const before = await variants("temple", templeId);
    expect((await devotee.post(`/desk/${templeId}/languages`, { "ml.name": "x" })).status).toBeGreaterThanOrEqual(400);
    expect(await variants("temple", templeId)).toEqual(before);
  });
});

describe("the console's pujas, deities and messages in other languages", () => {
  it("saves a puja's Tamil name that a Tamil temple site shows", async () => {
    const puja = await env.DB.prepare(
      "select p.id, p.name from temple_pujas tp join pujas p on p.id = tp.puja_id where tp.temple_id = ? and tp.active = 1 order by tp.id limit 1",
    )
      .bind(templeId)
      .first<{ id: number; name: string }>();
    // Other test files share this database: the puja's seeded names in other languages come back at the end.
    await keepVariants("puja", puja!.id);
    const operator = await signedIn(OPERATOR);
    const list = await pageText(await operator.get("/operator/languages"));
    expect(list).toContain(puja!.name);
    expect((await operator.get(`/operator/languages?kind=puja&id=${puja!.id}`)).status).toBe(200);
    expect((await operator.get("/operator/languages?kind=temple&id=1")).status).toBe(404);
    const saved = await operator.post(`/operator/languages?kind=puja&id=${puja!.id}`, { "ta.name": "சிறப்பு அர்ச்சனை (சோதனை)" });
    expect(saved.status).toBe(303);
    expect(await pageText(await new TestBrowser().get(`/ta/t/${slug}`))).toContain("சிறப்பு அர்ச்சனை (சோதனை)");
    expect(await pageText(await new TestBrowser().get(`/t/${slug}`))).toContain(puja!.name);
  });

  it("is the operator's own", async () => {
    const staff = await signedIn(STAFF_A);
    expect((await staff.get("/operator/languages")).status).toBeGreaterThanOrEqual(400);
  });
});

describe("seeded names", () => {
  it("the autocomplete shows deities and pujas in the page's language, keeping the English search key", async () => {
    const answer = async (path: string) =>
      (await (await new TestBrowser().get(path)).json()) as { items: { kind: string; label: string; text?: string; id: number }[] };
    const malayalam = await answer("/ml/api/suggest?list=search&q=Shiv");
    const shiva = malayalam.items.find((item) => item.kind === "deity" && item.label === "Shiva Temples");
    expect(shiva?.text).toMatch(/\p{Script=Malayalam}/u);
    const english = await answer("/api/suggest?list=search&q=Shiv");
    expect(english.items.find((item) => item.kind === "deity")).toEqual({ kind: "deity", label: "Shiva Temples", id: shiva!.id });
  });

  it("the profile's stars are in the page's language", async () => {
    const devotee = await signedIn({ email: "devotee@sannidhi.example", password: "Devotee@2026" });
    expect(await pageText(await devotee.get("/ml/account"))).toContain("തിരുവോണം");
    expect(await pageText(await devotee.get("/account"))).toContain("Shravana");
  });
});
