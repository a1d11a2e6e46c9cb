/** The one per-isolate memo (app/lib/memo.server.ts): a key, a time to live, a bound. */
import { describe, expect, it } from "vitest";
import { Memo } from "~/lib/memo.server";

function counter() {
  let loads = 0;
  return { load: async () => ++loads, loads: () => loads };
}

describe("a memo", () => {
  it("answers from memory within its time to live, and loads again after it", async () => {
    const memo = new Memo<number>();
    const source = counter();
    expect(await memo.get({ key: "a", ttlMs: 1000 }, source.load, 0)).toBe(1);
    expect(await memo.get({ key: "a", ttlMs: 1000 }, source.load, 999)).toBe(1);
    expect(await memo.get({ key: "a", ttlMs: 1000 }, source.load, 1000)).toBe(2);
    // Another key is another answer.
    expect(await memo.get({ key: "b", ttlMs: 1000 }, source.load, 1000)).toBe(3);
  });

  it("shares a load in flight, unless told not to", async () => {
    const shared = new Memo<number>();
    const source = counter();
    const [first, second] = await Promise.all([
      shared.get({ key: "a", ttlMs: 1000 }, source.load, 0),
      shared.get({ key: "a", ttlMs: 1000 }, source.load, 0),
    ]);
    expect([first, second, source.loads()]).toEqual([1, 1, 1]);

    const own = new Memo<number>({ share: false });
    const mine = counter();
    const answers = await Promise.all([own.get({ key: "a", ttlMs: 1000 }, mine.load, 0), own.get({ key: "a", ttlMs: 1000 }, mine.load, 0)]);
    expect(answers).toEqual([1, 2]);
    // Settled, the answer is kept for the next request.
    expect(await own.get({ key: "a", ttlMs: 1000 }, mine.load, 1)).toBe(2);
  });

  it("forgets a failed load at once, and a key or everything when told", async () => {
    const memo = new Memo<number>();
    await expect(memo.get({ key: "a", ttlMs: 1000 }, () => Promise.reject(new Error("down")), 0)).rejects.toThrow("down");
    expect(await memo.get({ key: "a", ttlMs: 1000 }, async () => 7, 1)).toBe(7);
    memo.forget("a");
    expect(await memo.get({ key: "a", ttlMs: 1000 }, async () => 8, 2)).toBe(8);
    await memo.get({ key: "b", ttlMs: 1000 }, async () => 9, 2);
    memo.forget();
    expect(memo.size).toBe(0);
  });

  it("keeps at most its bound, the oldest out first", async () => {
    const memo = new Memo<string>({ max: 2 });
    for (const key of ["a", "b", "c"]) await memo.get({ key, ttlMs: Number.POSITIVE_INFINITY }, async () => key);
    expect(memo.size).toBe(2);
    expect(await memo.get({ key: "a", ttlMs: Number.POSITIVE_INFINITY }, async () => "a again")).toBe("a again");
    expect(await memo.get({ key: "c", ttlMs: Number.POSITIVE_INFINITY }, async () => "c again")).toBe("c");
  });
});
