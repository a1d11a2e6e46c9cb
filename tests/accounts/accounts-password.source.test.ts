import { describe, expect, it } from "vitest";
import { PBKDF2_ITERATIONS, UNUSABLE_PASSWORD_HASH, hashPassword, needsRehash, verifyPassword } from "~/lib/password.server";

describe("password hashes", () => {
  it("are self-describing PBKDF2-SHA256 at the Workers maximum of 100,000 iterations", async () => {
    const hash = await hashPassword("Temple@108");
    expect(PBKDF2_ITERATIONS).toBe(100_000);
    expect(hash).toMatch(/^pbkdf2-sha256\$100000\$[\w-]{22}\$[\w-]{43}$/);
    expect(await verifyPassword("Temple@108", hash)).toBe(true);
    expect(await verifyPassword("temple@108", hash)).toBe(false);
    expect(needsRehash(hash)).toBe(false);
  });

  it("use a fresh salt every time", async () => {
    const [a, b] = await Promise.all([hashPassword("same"), hashPassword("same")]);
    expect(a).not.toBe(b);
  });

  it("still verify older, cheaper hashes and ask for an upgrade", async () => {
    const old = await hashPassword("Temple@108", 10_000);
    expect(await verifyPassword("Temple@108", old)).toBe(true);
    expect(needsRehash(old)).toBe(true);
  });

  it("refuse malformed or over-limit stored values", async () => {
    for (const stored of ["", "plain", "md5$1$a$b", "pbkdf2-sha256$1000000$c2FsdA$aGFzaA", "pbkdf2-sha256$100000$***$***"]) {
      expect(await verifyPassword("x", stored)).toBe(false);
    }
    expect(await verifyPassword("anything", UNUSABLE_PASSWORD_HASH)).toBe(false);
  });

  it("cost a measurable time on workerd (reported, not asserted)", async () => {
    const rounds = 10;
    const hash = await hashPassword("Temple@108");
    let started = performance.now();
    for (let i = 0; i < rounds; i++) await hashPassword("Temple@108");
    const hashMs = (performance.now() - started) / rounds;
    started = performance.now();
    for (let i = 0; i < rounds; i++) await verifyPassword("Temple@108", hash);
    const verifyMs = (performance.now() - started) / rounds;
    console.log(`PBKDF2-SHA256 ${PBKDF2_ITERATIONS} iterations on workerd: hash ${hashMs.toFixed(1)} ms, verify ${verifyMs.toFixed(1)} ms`);
    expect(hashMs).toBeGreaterThanOrEqual(0);
  });
});
