/** Issue 10 #1 and #9: form posts are bounded before they are parsed, and bad bodies answer 4xx. */
import { exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { FORM_MESSAGES } from "~/lib/form-data.server";
import { ORIGIN, TestBrowser } from "../support/browser";

async function post(path: string, body: BodyInit, contentType: string | null = "application/x-www-form-urlencoded") {
  const headers: Record<string, string> = { origin: ORIGIN };
  if (contentType) headers["content-type"] = contentType;
  const started = Date.now();
  const response = await exports.default.fetch(`${ORIGIN}${path}`, { method: "POST", headers, body, redirect: "manual" });
  const text = await response.text();
  return { status: response.status, text, ms: Date.now() - started };
}

describe("a form post is bounded before it is parsed", () => {
  it("answers the request that used to stall and abort workerd with a quick, small 400", async () => {
    for (const path of ["/login", "/jobs", "/temple-signup"]) {
      const answer = await post(path, "intent=login&email=a@b.c&password=xxxxxxx&dates[50000000]=x");
      expect(answer.status, path).toBe(400);
      expect(answer.text, path).toContain(FORM_MESSAGES.shape);
      expect(answer.text.length, path).toBeLessThan(64 * 1024);
      expect(answer.ms, `${path} answered in ${answer.ms} ms`).toBeLessThan(10_000);
    }
  });

  it("refuses a huge index, nested indexes, thousands of fields and long names", async () => {
    for (const body of [
      "x[2000000]=1",
      "a[0][1][2][99]=1",
      "dates[-1]=1",
      Array.from({ length: 5000 }, (_, i) => `f${i}=1`).join("&"),
      `${"n".repeat(500)}=1`,
    ]) {
      const answer = await post("/login", `intent=login&email=a@b.c&password=xxxxxxx&${body}`);
      expect(answer.status, body.slice(0, 40)).toBe(400);
      expect(answer.text.length).toBeLessThan(64 * 1024);
    }
  });

  it("refuses a body over 64 KiB with 413, by its length or by what arrives", async () => {
    const big = `intent=login&email=a@b.c&password=${"x".repeat(70 * 1024)}`;
    expect((await post("/login", big)).status).toBe(413);
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < 20; i++) controller.enqueue(new TextEncoder().encode(`f${i}=${"y".repeat(8 * 1024)}&`));
        controller.close();
      },
    });
    const streamed = await exports.default.fetch(`${ORIGIN}/jobs`, {
      method: "POST",
      headers: { origin: ORIGIN, "content-type": "application/x-www-form-urlencoded" },
      body: stream,
      // @ts-expect-error workerd needs duplex for a streamed body
      duplex: "half",
    });
    expect(streamed.status).toBe(413);
  });

  it("reads a body it refuses to its end before answering, never leaving it unread (see request-body.server.ts)", async () => {
    const cases = [
      { path: "/jobs", headers: { origin: ORIGIN, "content-type": "application/x-www-form-urlencoded" }, status: 413 },
      { path: "/jobs", headers: { origin: ORIGIN, "content-type": "text/plain" }, status: 415 },
      { path: "/jobs", headers: { origin: "https://elsewhere.example", "content-type": "application/x-www-form-urlencoded" }, status: 403 },
    ];
    for (const { path, headers, status } of cases) {
      // 200 KB in 8 KiB pieces, handed over only as the Worker reads.
      const chunks = Array.from({ length: 25 }, (_, i) => new TextEncoder().encode(`f${i}=${"y".repeat(8 * 1024 - 8)}&`));
      const body = new ReadableStream<Uint8Array>({
        pull(controller) {
          const chunk = chunks.shift();
          if (chunk) controller.enqueue(chunk);
          else controller.close();
        },
      });
      const response = await exports.default.fetch(`${ORIGIN}${path}`, {
        method: "POST",
        headers,
        body,
        // @ts-expect-error workerd needs duplex for a streamed body
        duplex: "half",
        redirect: "manual",
      });
      expect(response.status, `${path} ${JSON.stringify(headers)}`).toBe(status);
      await response.text();
      expect(chunks.length, `${path} ${JSON.stringify(headers)}: pieces never read`).toBe(0);
    }
  });

  it("answers 413 to a 10 MB body on a form route, the legacy API and the gateway's paths, after reading it to its end", async () => {
    const cases = [
      { path: "/jobs", type: "application/x-www-form-urlencoded", shows: "too large" },
      { path: "/api/request/addtolist", type: "application/json", shows: '"error":"payload_too_large"' },
      { path: "/payments/callback", type: "application/x-www-form-urlencoded", shows: "Payment not verified" },
      { path: "/payments/webhook", type: "application/json", shows: '"status":"rejected"' },
    ];
    for (const { path, type, shows } of cases) {
      // 10 MiB in 64 KiB pieces, with no length, handed over only as the Worker reads.
      let left = 160;
      const piece = new TextEncoder().encode(`f=${"y".repeat(64 * 1024 - 2)}`);
      const body = new ReadableStream<Uint8Array>({
        pull(controller) {
          if (left-- > 0) controller.enqueue(piece);
          else controller.close();
        },
      });
      const response = await exports.default.fetch(`${ORIGIN}${path}`, {
        method: "POST",
        headers: { origin: ORIGIN, "content-type": type },
        body,
        // @ts-expect-error workerd needs duplex for a streamed body
        duplex: "half",
        redirect: "manual",
      });
      expect(response.status, path).toBe(413);
      expect(await response.text(), path).toContain(shows);
      expect(left, `${path}: pieces never read`).toBe(-1);
    }
  });

  it("answers JSON, text and a missing content type on a form route with 415 and a clear message", async () => {
    for (const [path, contentType] of [
      ["/jobs", "application/json"],
      ["/jobs", "text/plain"],
      ["/temple-signup", null],
      ["/?index", "application/xml"],
    ] as const) {
      const answer = await post(path, JSON.stringify({ name: "x" }), contentType);
      expect(answer.status, `${path} ${contentType}`).toBe(415);
      expect(answer.text).toContain(FORM_MESSAGES.type);
    }
  });

  it("never echoes a field the form does not have", async () => {
    const marker = `unknown-${crypto.randomUUID()}`;
    const answer = await post(
      "/jobs",
      new URLSearchParams({ name: "", email: "bad", phone: "", [marker]: marker, comments: "x" }).toString(),
    );
    expect(answer.status).toBe(400);
    expect(answer.text).not.toContain(marker);
    expect(answer.text).toContain("Enter Name");
  });

  it("still takes an ordinary form", async () => {
    const browser = new TestBrowser();
    const ok = await browser.post("/jobs", {
      name: "Meera Iyer",
      email: "meera@example.org",
      phone: "9876543210",
      comments: "Looking for a priest's post",
    });
    expect(ok.status).toBe(303);
  });
});
