/**
 * Generated malformed input across every legacy path: broken JSON, bodies that are
 * not objects, good payloads with fields of impossible types, oversized bodies and
 * odd content types, with and without a signed-in session. Nothing may answer 5xx
 * and nothing may change in D1.
 */
import { env, exports } from "cloudflare:workers";
import { expect, it } from "vitest";
import { ORIGIN } from "../support/browser";
import { demoClient } from "../support/legacy-client";
import { databaseChecksum, rng } from "../support/fuzz";
import { findBookable, validPayloads } from "./support/payloads";

/** Values no legacy field accepts. */
const IMPOSSIBLE: unknown[] = [{}, { $gt: "" }, [[1]], [{ a: 1 }], { length: 1e9 }, { __proto__: { admin: true } }, [null, [[[]]]]];
/** Values some fields accept and others refuse: extra noise beside an impossible one. */
const NOISE: unknown[] = [
  null,
  true,
  false,
  0,
  -1,
  1e308,
  -0.5,
  "",
  " ",
  "'; drop table customers; --",
  "<script>alert(1)</script>",
  "\u0000",
  "\ud800",
  "𑀅".repeat(300),
  "9".repeat(40),
  "2001-01-01",
  "null",
  "NaN",
];

function garbageText(r: ReturnType<typeof rng>): string {
  const kind = r.int(6);
  if (kind === 0) return Array.from({ length: r.int(40) + 1 }, () => String.fromCharCode(r.int(0x3000))).join("");
  if (kind === 1) return `${"[".repeat(r.int(20_000) + 1)}`;
  if (kind === 2) return `{"a":${'{"b":'.repeat(r.int(3000) + 1)}1`;
  if (kind === 3)
    return r.pick(["{", "}", "{]", "{'a':1}", "{a:1}", '{"a":undefined}', '{"a":NaN}', '\ufeff{"a":1', "[,]", '{"a":1,}', "tru", "0x10"]);
  if (kind === 4) return r.pick(["[]", "[{}]", '"{}"', "1", "-1e999", "true", "null", '["mail","pass"]']);
  return "\u0000".repeat(r.int(100) + 1);
}

it("answers 1,000+ malformed bodies across all paths without a 5xx or a change to the database", { timeout: 180_000 }, async () => {
  const payloads = validPayloads(await findBookable(env.DB));
  const paths = Object.keys(payloads);
  const client = await demoClient();
  const before = await databaseChecksum();
  const r = rng(20261121);
  const seen: Record<string, number> = {};
  let sent = 0;

  const send = async (path: string, body: string, contentType = "application/json", signedIn = r.next() < 0.5, refused = true) => {
    const headers: Record<string, string> = { "content-type": contentType, "cf-connecting-ip": `203.0.113.${r.int(250)}` };
    if (signedIn && path !== "/api/user/logout") headers.authorization = `Bearer ${client.accessToken}`;
    const response = await exports.default.fetch(`${ORIGIN}${path}`, { method: "POST", headers, body });
    const text = await response.text();
    sent += 1;
    seen[response.status] = (seen[response.status] ?? 0) + 1;
    expect(response.status, `${path} ← ${body.slice(0, 120)}`).toBeLessThan(500);
    if (contentType === "application/json" && refused) {
      expect(response.status, `${path} ← ${body.slice(0, 120)}`).toBeGreaterThanOrEqual(400);
      expect(JSON.parse(text)).toMatchObject({ Status: expect.any(String), error: expect.any(String), field: expect.any(String) });
    }
  };

  for (let round = 0; round < 14; round++) {
    for (const path of paths) {
      await send(path, garbageText(r));
      const valid = JSON.stringify(payloads[path]);
      await send(path, valid.slice(0, 1 + r.int(valid.length - 1)));
      // LanguageID never refuses a call (an unknown id answers English): fuzzed on its own below.
      const fields = Object.keys(payloads[path]!).filter((field) => field.toLowerCase() !== "languageid");
      const languageField = Object.keys(payloads[path]!).find((field) => field.toLowerCase() === "languageid");
      if (languageField) {
        // Alone it is answered (in English); with another field broken, that field is refused.
        const odd: Record<string, unknown> = { ...payloads[path], [languageField]: r.pick(IMPOSSIBLE) };
        if (fields.length) odd[r.pick(fields)] = IMPOSSIBLE[0];
        await send(path, JSON.stringify(odd), "application/json", r.next() < 0.5, fields.length > 0);
      }
      if (fields.length) {
        const broken: Record<string, unknown> = { ...payloads[path] };
        broken[r.pick(fields)] = r.pick(IMPOSSIBLE);
        for (let i = r.int(3); i > 0; i--) broken[r.pick(fields)] = r.next() < 0.5 ? r.pick(NOISE) : r.pick(IMPOSSIBLE);
        const impossibleLeft = fields.some((f) => IMPOSSIBLE.includes(broken[f]));
        if (!impossibleLeft) broken[fields[0]!] = IMPOSSIBLE[0];
        await send(path, JSON.stringify(broken));
      }
    }
  }
  for (const path of paths) {
    await send(path, JSON.stringify({ ...payloads[path], filler: "x".repeat(65 * 1024) }));
    if (path !== "/login") await send(path, "mail=a&pass=b", "application/x-www-form-urlencoded");
    await send(path, "\u0000\u0001", "text/plain");
  }

  expect(sent).toBeGreaterThanOrEqual(1000);
  expect(Object.keys(seen).every((status) => Number(status) < 500)).toBe(true);
  expect(await databaseChecksum()).toEqual(before);
});
