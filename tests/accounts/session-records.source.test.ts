/**
 * Session records read from KV (issue 44): a record checked once is remembered by its stored
 * text, so every request still reads KV (a signed-out or rewritten session is seen at once) but
 * the same text is not checked again; each read gets its own copy, and expiry is every read's.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { createSession, destroySession, readSession, saveSession } from "~/lib/session.server";

/** A KV namespace in memory, as much of it as sessions use; counts the reads. */
function memoryKv() {
  const values = new Map<string, string>();
  const kv = {
    reads: 0,
    values,
    async get(key: string, type?: "text" | "json") {
      kv.reads++;
      const value = values.get(key);
      if (value === undefined) return null;
      return type === "json" ? JSON.parse(value) : value;
    },
    async put(key: string, value: string) {
      values.set(key, value);
    },
    async delete(key: string) {
      values.delete(key);
    },
  };
  return kv;
}
const asKv = (kv: ReturnType<typeof memoryKv>) => kv as unknown as KVNamespace;

afterEach(() => {
  vi.useRealTimers();
});

describe("reading a session record", () => {
  it("reads KV every time and gives each read a copy of its own", async () => {
    const kv = memoryKv();
    const { id, record } = await createSession(asKv(kv), { customerId: 7, authStamp: "stamp-1" });
    const first = await readSession(asKv(kv), id);
    expect(first).toEqual(record);
    first!.customerId = 99;
    first!.authStamp = "changed by a caller";
    const second = await readSession(asKv(kv), id);
    expect(second).toEqual(record);
    expect(kv.reads).toBe(2);
  });

  it("sees a rewritten record and a signed-out one at once", async () => {
    const kv = memoryKv();
    const { id, record } = await createSession(asKv(kv), { customerId: 8, authStamp: "stamp-1" });
    expect((await readSession(asKv(kv), id))?.authStamp).toBe("stamp-1");
    await saveSession(asKv(kv), id, { ...record, authStamp: "stamp-2" });
    expect((await readSession(asKv(kv), id))?.authStamp).toBe("stamp-2");
    await destroySession(asKv(kv), id);
    expect(await readSession(asKv(kv), id)).toBeNull();
  });

  it("ends a remembered record when it expires", async () => {
    const kv = memoryKv();
    vi.useFakeTimers({ now: new Date("2026-11-29T10:00:00Z"), toFake: ["Date"] });
    const { id } = await createSession(asKv(kv), { customerId: 9, authStamp: "stamp-1" });
    expect(await readSession(asKv(kv), id)).not.toBeNull();
    vi.setSystemTime(new Date("2026-12-14T10:00:00Z"));
    expect(await readSession(asKv(kv), id)).toBeNull();
  });

  it("refuses a stored text that is not a session record, each time", async () => {
    const kv = memoryKv();
    const { id } = await createSession(asKv(kv), { customerId: 10, authStamp: "stamp-1" });
    const key = [...kv.values.keys()][0]!;
    for (const text of ["{not json", JSON.stringify({ version: 1, customerId: -1 }), "null"]) {
      kv.values.set(key, text);
      expect(await readSession(asKv(kv), id)).toBeNull();
      expect(await readSession(asKv(kv), id)).toBeNull();
    }
  });
});
