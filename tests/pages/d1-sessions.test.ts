/**
 * Issue 13: D1 read replication through the Sessions API. A write's answer carries the
 * session's bookmark; the devotee's next reads start from it, so they see their own write
 * (read-your-writes) even when reads come from a replica. Reads never set the cookie, so
 * public pages stay cacheable, and a forged bookmark is ignored.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { D1_BOOKMARK_COOKIE } from "~/lib/d1-session.server";
import { pageText, TestBrowser } from "../support/browser";
import { newCustomer } from "../support/bookings";
import { setCookie } from "../support/cookie-jar";

const bookmarkSet = (response: Response) => setCookie(response, D1_BOOKMARK_COOKIE);

describe("D1 sessions and bookmarks", () => {
  it("a write hands back a bookmark; the next read starts from it and sees the write", async () => {
    const { browser } = await newCustomer();
    const temple = await env.DB.prepare(
      "select id, display_name from temples where online_booking = 1 and verified = 1 order by id desc limit 1",
    ).first<{
      id: number;
      display_name: string;
    }>();
    const added = await browser.post("/favourites", { intent: "add", templeId: String(temple!.id), redirectTo: "/account?tab=favourites" });
    expect(added.status).toBe(303);
    const cookie = bookmarkSet(added);
    expect(cookie, "the write's answer carries the bookmark").toMatch(
      /^d1_bookmark=[0-9a-f-]+; Path=\/; Max-Age=300; HttpOnly; SameSite=Lax/,
    );
    expect(browser.cookies.get(D1_BOOKMARK_COOKIE)).toMatch(/^[0-9a-f]+(-[0-9a-f]+)+$/);

    const read = await browser.get(added.headers.get("location")!);
    expect(bookmarkSet(read), "reads never set it").toBeUndefined();
    expect(await pageText(read)).toContain(temple!.display_name);
  });

  it("keeps public pages shareable: no bookmark on reads, with or without one sent", async () => {
    const visitor = new TestBrowser();
    const page = await visitor.get("/temples");
    expect(bookmarkSet(page)).toBeUndefined();
    expect(page.headers.get("cache-control")).toMatch(/public/);
    const withBookmark = await visitor.get("/temples", {
      cookie: `${D1_BOOKMARK_COOKIE}=00000000-00000001-00000000-00000000000000000000000000000000`,
    });
    expect(withBookmark.status).toBe(200);
    expect(withBookmark.headers.get("cache-control")).toMatch(/public/);
  });

  it("ignores a forged bookmark instead of failing", async () => {
    for (const forged of ["x", "'; drop table temples; --", "1".repeat(600), "00000000-zzzz"]) {
      const response = await new TestBrowser().get("/temples", { cookie: `${D1_BOOKMARK_COOKIE}=${encodeURIComponent(forged)}` });
      expect(response.status, forged.slice(0, 20)).toBe(200);
    }
  });
});
