/**
 * Where a request's D1 session starts when it carries no bookmark: devotees' reads on any replica,
 * writes on the primary, and the desk's and console's pages on the primary, so staff see what
 * housekeeping just wrote (issue 38: the ledger said reconciliation "has not run yet" after it ran).
 */
import { describe, expect, it } from "vitest";
import { D1_BOOKMARK_COOKIE, openD1Session } from "~/lib/d1-session.server";

/** A D1 binding that records where each session was asked to start. */
function recordingD1() {
  const starts: string[] = [];
  const database = {
    withSession(start: string) {
      starts.push(start);
      return { getBookmark: () => null };
    },
  } as unknown as D1Database;
  return { database, starts };
}

const startOf = (path: string, init: RequestInit = {}) => {
  const { database, starts } = recordingD1();
  openD1Session(database, new Request(`https://sannidhi.example${path}`, init));
  return starts[0];
};

describe("D1 sessions' starting point", () => {
  it("reads devotees' pages from any replica and writes on the primary", () => {
    expect(startOf("/temples")).toBe("first-unconstrained");
    expect(startOf("/ta/t/some-temple")).toBe("first-unconstrained");
    expect(startOf("/deskwork")).toBe("first-unconstrained");
    expect(startOf("/cart", { method: "POST" })).toBe("first-primary");
  });

  it("reads the desk's and the console's pages from the primary, in every language", () => {
    expect(startOf("/operator/ledger")).toBe("first-primary");
    expect(startOf("/operator")).toBe("first-primary");
    expect(startOf("/hi/desk/4/settlement")).toBe("first-primary");
    expect(startOf("/ml/operator/refunds?x=1")).toBe("first-primary");
  });

  it("starts from a devotee's bookmark when they carry one", () => {
    const bookmark = "0000000a-0000000b-00004f5a-abcdef";
    expect(startOf("/operator/ledger", { headers: { cookie: `${D1_BOOKMARK_COOKIE}=${bookmark}` } })).toBe(bookmark);
  });
});
