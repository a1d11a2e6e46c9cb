/**
 * Issue 28: the names devotees search a temple by, through the pages as a browser without
 * JavaScript posts them: a temple's staff propose one at the desk, the operator approves it in
 * the console and sets the pilgrimage weight; search then finds the temple by it.
 */
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { SEARCH_NAME_MESSAGES } from "~/domain/temples-admin/search-names";
import { pageText } from "../support/browser";
import { auditRows, OPERATOR, signedIn, STAFF_A, STAFF_B, templeOf } from "../support/staff";
import { get } from "../support/public";

let templeA: number;
let templeB: number;
beforeAll(async () => {
  templeA = await templeOf(STAFF_A.email);
  templeB = await templeOf(STAFF_B.email);
});

const suggestedIds = async (text: string) =>
  (
    (await (await get(`/api/suggest?list=search&q=${encodeURIComponent(text)}&t=${Date.now()}`)).json()) as {
      items: { kind: string; id: number }[];
    }
  ).items
    .filter((item) => item.kind === "temple")
    .map((item) => item.id);

describe("search names", () => {
  it("staff propose a name for their temple; the operator approves it; search finds the temple by it", async () => {
    const staff = await signedIn(STAFF_A);
    const suffix = crypto
      .randomUUID()
      .replace(/[^a-f]/g, "")
      .slice(0, 5);
    const name = `Zarvelam Ozhukkarai ${suffix}`;

    const bad = await staff.post(`/desk/${templeA}/names`, { intent: "propose", text: "Kannan ಸನ್ನಿಧಿ" });
    expect(bad.status).toBe(400);
    expect(await pageText(bad)).toContain(SEARCH_NAME_MESSAGES.text);

    const proposed = await staff.post(`/desk/${templeA}/names`, { intent: "propose", text: name });
    expect(proposed.status).toBe(303);
    const desk = await pageText(await staff.get(`/desk/${templeA}/names`));
    expect(desk).toContain(name);
    expect(desk).toContain("Waiting for review");
    expect(await suggestedIds(name), "not in search before it is approved").not.toContain(templeA);
    const again = await staff.post(`/desk/${templeA}/names`, { intent: "propose", text: name.toUpperCase() });
    expect(await pageText(again)).toContain(SEARCH_NAME_MESSAGES.taken);

    const aliasId = (await env.DB.prepare("select id from temple_aliases where text = ?").bind(name).first<number>("id"))!;
    // Another temple's staff can neither see it nor withdraw it.
    const other = await signedIn(STAFF_B);
    expect(await pageText(await other.get(`/desk/${templeB}/names`))).not.toContain(name);
    expect((await other.post(`/desk/${templeB}/names`, { intent: "withdraw", aliasId: String(aliasId) })).status).toBe(404);
    expect((await other.post(`/desk/${templeA}/names`, { intent: "withdraw", aliasId: String(aliasId) })).status).toBe(404);

    const operator = await signedIn(OPERATOR);
    const queue = await pageText(await operator.get("/operator/search-names"));
    expect(queue).toContain(name);
    expect((await operator.post("/operator/search-names", { intent: "approve", aliasId: String(aliasId) })).status).toBe(303);
    expect(await suggestedIds(name)).toContain(templeA);
    expect(await suggestedIds(name.toLowerCase())).toEqual(expect.arrayContaining([templeA]));
    expect((await auditRows("alias.approve", aliasId)).length).toBe(1);
    // A decided name cannot be approved again, nor withdrawn by its temple.
    expect((await operator.post("/operator/search-names", { intent: "approve", aliasId: String(aliasId) })).status).toBe(404);
    expect((await staff.post(`/desk/${templeA}/names`, { intent: "withdraw", aliasId: String(aliasId) })).status).toBe(404);

    expect((await operator.post("/operator/search-names", { intent: "remove", aliasId: String(aliasId) })).status).toBe(303);
    expect(await suggestedIds(name)).not.toContain(templeA);
  });

  it("the operator adds names and sets the pilgrimage weight of a temple, with exact messages for bad input", async () => {
    const operator = await signedIn(OPERATOR);
    const page = await pageText(await operator.get(`/operator/search-names?temple=${templeB}`));
    expect(page).toContain("Pilgrimage weight");
    expect((await operator.get("/operator/search-names?temple=x")).status).toBe(404);

    const bad = await operator.post(`/operator/search-names?temple=${templeB}`, {
      intent: "weight",
      templeId: String(templeB),
      weight: "101",
    });
    expect(bad.status).toBe(400);
    expect(await pageText(bad)).toContain(SEARCH_NAME_MESSAGES.weight);
    const before = await env.DB.prepare("select pilgrimage_weight as weight from temples where id = ?")
      .bind(templeB)
      .first<number>("weight");
    const saved = await operator.post(`/operator/search-names?temple=${templeB}`, {
      intent: "weight",
      templeId: String(templeB),
      weight: "77",
    });
    expect(saved.status).toBe(303);
    const row = await env.DB.prepare("select pilgrimage_weight as weight, prominence from temples where id = ?")
      .bind(templeB)
      .first<{ weight: number; prominence: number }>();
    expect(row!.weight).toBe(77);
    expect(row!.prominence).toBeGreaterThanOrEqual(77 * 7);
    await operator.post(`/operator/search-names?temple=${templeB}`, {
      intent: "weight",
      templeId: String(templeB),
      weight: String(before),
    });

    const letters = [..."கசடதபற"];
    const name = `மதுரை அரசி ${Array.from({ length: 4 }, () => letters[Math.floor(Math.random() * letters.length)]).join("")}`;
    const added = await operator.post(`/operator/search-names?temple=${templeB}`, {
      intent: "add-alias",
      templeId: String(templeB),
      text: name,
    });
    expect(added.status).toBe(303);
    expect(await pageText(await operator.get(`/operator/search-names?temple=${templeB}`))).toContain(name);
    const aliasId = (await env.DB.prepare("select id, language from temple_aliases where text = ?")
      .bind(name)
      .first<{ id: number; language: string }>())!;
    expect(aliasId.language).toBe("ta");
    await operator.post("/operator/search-names", { intent: "remove", aliasId: String(aliasId.id) });
  });

  it("is closed to devotees and visitors", async () => {
    expect((await get("/operator/search-names", { redirect: "manual" })).status).toBe(302);
    const devotee = await signedIn({ email: "devotee@sannidhi.example", password: "Devotee@2026" });
    expect((await devotee.get("/operator/search-names")).status).toBe(403);
    expect((await devotee.post(`/desk/${templeA}/names`, { intent: "propose", text: "Anything Here" })).status).toBe(403);
  });
});
