/**
 * Issue 28: relevance ranking (the rules, on made-up candidates), prominence as housekeeping
 * keeps it, and the names devotees use (aliases) as operators and temple staff manage them.
 * The evaluation set against the seeded portal is search-eval.test.ts.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it, onTestFinished } from "vitest";
import { createDb } from "~/db/client.server";
import { refreshProminence } from "~/domain/catalog/prominence.server";
import { rankCandidates, type RankCandidate } from "~/domain/catalog/search-rank";
import { suggestForSearch } from "~/domain/catalog/suggest.server";
import { searchTemples, templeSearchSchema } from "~/domain/catalog/temples.server";
import { aliasLanguage, pilgrimageWeightSchema, proposeAliasSchema } from "~/domain/temples-admin/search-names";
import { addApprovedAlias, decideAlias, proposeAlias, setPilgrimageWeight } from "~/domain/temples-admin/search-names.server";
import { runHousekeeping } from "../../workers/scheduled";

const db = () => createDb(env.DB);

let nextId = 1;
function candidate(fields: Partial<RankCandidate>): RankCandidate {
  return {
    id: nextId++,
    name: "",
    displayName: "",
    district: "Ernakulam",
    state: "Kerala",
    aliases: "",
    deities: "",
    prominence: 0,
    ...fields,
  };
}
const order = (text: string, candidates: RankCandidate[]) => rankCandidates(text, candidates).map((c) => c.name || c.displayName);

describe("relevance", () => {
  it("ranks how a word matched: whole word > start of a word > another spelling or script > a misspelling", () => {
    const temples = [
      candidate({ name: "Guruvayoorappan Temple" }), // a folded spelling's prefix
      candidate({ name: "Guruvayur Temple" }), // the word as typed
      candidate({ name: "Gurvayur Temple" }), // a slip away
      candidate({ name: "Guruvayurappan Temple" }), // the typed word starts it
      candidate({ name: "Guruvayoor Temple" }), // the same word in another spelling
    ];
    expect(order("guruvayur", temples)).toEqual([
      "Guruvayur Temple",
      "Guruvayurappan Temple",
      "Guruvayoor Temple",
      "Guruvayoorappan Temple",
      "Gurvayur Temple",
    ]);
  });

  it("ranks where it matched: name > display name > another name > district or state", () => {
    // Each has the deity typed with the place (a place typed alone counts as the name: below).
    const temples = [
      candidate({ name: "Sree Rama Temple", district: "Vaikom", deities: "Krishna" }),
      candidate({ name: "Sree Siva Temple", aliases: "Vaikom Appan", deities: "Krishna" }),
      candidate({ name: "Vaikom Mahadeva Temple", deities: "Krishna" }),
      candidate({ name: "Sree Devi Temple", displayName: "Vaikom Devi Temple", deities: "Krishna" }),
    ];
    expect(order("vaikom krishna", temples)).toEqual([
      "Vaikom Mahadeva Temple",
      "Sree Devi Temple",
      "Sree Siva Temple",
      "Sree Rama Temple",
    ]);
  });

  it("puts every typed word matched before some, however prominent", () => {
    const temples = [
      candidate({ name: "Sree Krishna Temple, Thrissur", prominence: 1000 }),
      candidate({ name: "Sree Krishna Temple, Ambalappuzha", district: "Alappuzha" }),
    ];
    expect(order("krishna ambalappuzha", temples)[0]).toBe("Sree Krishna Temple, Ambalappuzha");
  });

  it("lets prominence order matches of similar quality, and a place typed alone prefer its best-known temple", () => {
    const temples = [
      candidate({ name: "Sri Peddamma Vari Devasthanam, Tirumala", district: "Tirupati" }),
      candidate({ name: "Sri Venkateswara Swamy Temple, Tirumala", district: "Tirupati", prominence: 900 }),
      candidate({ name: "Sri Kodandarama Swamy Temple, Srikalahasti", district: "Tirupati", prominence: 100 }),
    ];
    expect(order("tirumala", temples)[0]).toBe("Sri Venkateswara Swamy Temple, Tirumala");
    // "tirupati" is only their district: the place's temples by prominence.
    expect(order("tirupati", temples)).toEqual([
      "Sri Venkateswara Swamy Temple, Tirumala",
      "Sri Kodandarama Swamy Temple, Srikalahasti",
      "Sri Peddamma Vari Devasthanam, Tirumala",
    ]);
  });

  it("counts two typed words as the one written together, and the whole name typed above any prominence", () => {
    const temples = [
      candidate({ name: "Sree Padmanabhaswamy Temple", prominence: 700 }),
      candidate({ name: "Sree Anantha Padmanabha Temple" }),
    ];
    expect(order("padmanabha swamy temple", temples)[0]).toBe("Sree Padmanabhaswamy Temple");
    expect(order("sree anantha padmanabha temple", temples)[0]).toBe("Sree Anantha Padmanabha Temple");
  });
});

describe("prominence", () => {
  it("blends the pilgrimage weight with the last 90 days' favourites and bookings; housekeeping writes only what changed", async () => {
    const temple = (await env.DB.prepare(
      "select id, prominence, pilgrimage_weight as weight from temples t where pilgrimage_weight = 0 " +
        "and not exists (select 1 from favourites f where f.temple_id = t.id) and not exists (select 1 " +
        "from transaction_lines l where l.temple_id = t.id) order by id desc limit 1",
    ).first<{ id: number; prominence: number; weight: number }>())!;
    expect(temple.prominence).toBe(0);
    const customers = (await env.DB.prepare("select id from customers order by id limit 6").all<{ id: number }>()).results;
    const now = new Date();
    const old = new Date(now.getTime() - 100 * 86_400_000).toISOString();
    // Five devotees keep it among their favourites now, one did 100 days ago (outside the window).
    await env.DB.batch(
      customers.map((customer, i) =>
        env.DB.prepare("insert into favourites (customer_id, temple_id, created_at) values (?, ?, ?)").bind(
          customer.id,
          temple.id,
          i === 5 ? old : now.toISOString(),
        ),
      ),
    );
    onTestFinished(async () => {
      await env.DB.prepare("delete from favourites where temple_id = ?").bind(temple.id).run();
      await env.DB.prepare("update temples set pilgrimage_weight = 0 where id = ?").bind(temple.id).run();
      await refreshProminence(db(), new Date(), temple.id);
    });
    const prominence = async () =>
      (await env.DB.prepare("select prominence from temples where id = ?").bind(temple.id).first<number>("prominence"))!;
    expect(await runHousekeeping(env, now)).toContainEqual({ name: "temple prominence", ok: true });
    // Five actions: 30 × ⌊10·5 / (5 + 20)⌋ = 60.
    expect(await prominence()).toBe(60);
    expect(await refreshProminence(db(), now), "nothing changed since").toBe(0);
    // An operator's weight counts at once: 7 points a point.
    const operator = (await env.DB.prepare("select id from customers where role = 'operator' limit 1").first<number>("id"))!;
    expect(await setPilgrimageWeight(db(), operator, temple.id, 40)).toBe(true);
    expect(await prominence()).toBe(40 * 7 + 60);
    expect(await setPilgrimageWeight(db(), operator, 2_000_000_000, 40), "no such temple").toBe(false);
  });
});

describe("names devotees use (aliases)", () => {
  it("reads a name's language from its script and refuses mixed or other scripts", () => {
    expect(aliasLanguage("Tirupati Balaji")).toBe("en");
    expect(aliasLanguage("तिरुपति बालाजी")).toBe("hi");
    expect(aliasLanguage("திருப்பதி பாலாஜி")).toBe("ta");
    expect(aliasLanguage("തിരുപ്പതി ബാലാജി")).toBe("ml");
    expect(aliasLanguage("తిరుపతి బాలాజీ")).toBe("te");
    expect(aliasLanguage("ತಿರುಪತಿ ಬಾಲಾಜಿ")).toBe("kn");
    for (const text of ["Tirupati बालाजी", "তিরুপতি", "<script>", "Balaji!!", "123"]) expect(aliasLanguage(text), text).toBeNull();
    const refused = proposeAliasSchema.safeParse({ intent: "propose", text: "x" });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]?.message).toMatch(/^Enter a name of 2 to 60 characters, written in one script/);
    expect(proposeAliasSchema.parse({ intent: "propose", text: "  Periya   Kovil " }).text).toBe("Periya Kovil");
    for (const weight of ["", "101", "-1", "4.5", "ഒന്ന്"])
      expect(pilgrimageWeightSchema.safeParse({ intent: "weight", templeId: "1", weight }).success, weight).toBe(false);
    expect(pilgrimageWeightSchema.parse({ intent: "weight", templeId: "1", weight: "100" }).weight).toBe(100);
  });

  it("finds a temple by a name an operator adds, in its script; a staff proposal only once approved", async () => {
    const [temple, other] = (
      await env.DB.prepare("select id, name from temples where pilgrimage_weight = 0 order by id desc limit 2").all<{
        id: number;
        name: string;
      }>()
    ).results;
    const operator = (await env.DB.prepare("select id from customers where role = 'operator' limit 1").first<number>("id"))!;
    const suffix = crypto
      .randomUUID()
      .replace(/[^a-f]/g, "")
      .slice(0, 6);
    const added = `Vellimalai Appan ${suffix}`;
    const proposed = `Kadalkarai Amma ${suffix}`;
    const found = async (text: string) => (await suggestForSearch(db(), text)).filter((s) => s.kind === "temple")[0]?.id;

    expect(await addApprovedAlias(db(), operator, temple!.id, added)).toMatchObject({ ok: true });
    expect(await found(added.toLowerCase())).toBe(temple!.id);
    // The same words in Malayalam fold to the same keys.
    expect(await found(`വെള്ളിമല ${suffix}`)).toBe(temple!.id);
    expect(await addApprovedAlias(db(), operator, temple!.id, added.toUpperCase()), "a name once").toMatchObject({ ok: false });
    const listed = await searchTemples(db(), templeSearchSchema.parse({ key2: added }));
    expect(listed.temples[0]?.id, "the temples page ranks it first too").toBe(temple!.id);

    expect(await proposeAlias(db(), { actorId: operator, templeId: temple!.id }, proposed)).toMatchObject({ ok: true });
    expect(await found(proposed)).not.toBe(temple!.id);
    const aliasId = (await env.DB.prepare("select id from temple_aliases where text = ?").bind(proposed).first<number>("id"))!;
    expect(await decideAlias(db(), { actorId: operator, templeId: other!.id }, aliasId, "withdraw"), "another temple's staff").toBeNull();
    expect(await decideAlias(db(), { actorId: operator }, aliasId, "approve")).toMatch(/approved/);
    expect(await found(proposed)).toBe(temple!.id);
    expect(await decideAlias(db(), { actorId: operator }, aliasId, "approve"), "decided once").toBeNull();

    const addedId = (await env.DB.prepare("select id from temple_aliases where text = ?").bind(added).first<number>("id"))!;
    for (const id of [addedId, aliasId]) expect(await decideAlias(db(), { actorId: operator }, id, "remove")).toMatch(/removed/);
    expect(await found(added)).not.toBe(temple!.id);
    const audited = await env.DB.prepare("select count(*) as n from audit_log where action like 'alias.%' and temple_id = ?")
      .bind(temple!.id)
      .first<number>("n");
    expect(audited).toBeGreaterThanOrEqual(5);
  });
});
