import { env } from "cloudflare:workers";
import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import builtWorker from "@sannidhi/built-worker";
import { afterEach, describe, expect, it, vi } from "vitest";
import { readEnv } from "~/lib/env.server";
import { outboxEnabled, readOutbox, sendEmail } from "~/lib/email.server";
import { TestBrowser, uniqueEmail } from "../support/browser";

const message = { to: "devotee@example.org", subject: "Hello", text: "Namaste", html: "<p>Namaste</p>" };

/** The Worker's environment with a Resend key, as a deployment would have it (talking to Resend itself, not the tests' emulator). */
function withResendKey() {
  return { ...env, RESEND_API_KEY: "re_test_123", RESEND_API_BASE: undefined } as unknown as Env;
}

/** The built Worker answering as a deployment with `workerEnv` would. */
async function fetchAs(workerEnv: Env, url: string) {
  const ctx = createExecutionContext();
  const response = await builtWorker.fetch(new Request(url), workerEnv, ctx);
  await waitOnExecutionContext(ctx);
  return response;
}

afterEach(() => vi.unstubAllGlobals());

describe("local outbox", () => {
  it("is served locally as HTML and JSON", async () => {
    const browser = new TestBrowser();
    const email = uniqueEmail();
    await sendEmail(readEnv(env), { ...message, to: email });
    const page = await browser.get(`/dev/outbox?to=${encodeURIComponent(email)}`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("Local outbox");
    const json = await browser.get(`/dev/outbox.json?to=${encodeURIComponent(email)}`);
    expect(json.headers.get("content-type")).toContain("application/json");
    const { messages } = await json.json<{ messages: { to: string; text: string; from: string }[] }>();
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatchObject({ to: email, text: "Namaste", from: "Sannidhi <no-reply@sannidhi.example>" });
  });

  it("does not exist when a Resend key is configured", async () => {
    const resendEnv = withResendKey();
    expect(outboxEnabled(readEnv(resendEnv).config)).toBe(false);
    expect((await fetchAs(resendEnv, "http://localhost/dev/outbox.json")).status).toBe(404);
    expect((await fetchAs(resendEnv, "http://localhost/dev/outbox")).status).toBe(404);
    // The same Worker with the local configuration does serve it.
    expect((await fetchAs(env, "http://localhost/dev/outbox.json")).status).toBe(200);
    expect(await readOutbox(readEnv(resendEnv), "http://localhost/dev/outbox.json")).toBeNull();
  });
});

describe("Resend delivery", () => {
  it("posts the message to Resend's API with the key, and keeps nothing locally", async () => {
    const calls: Request[] = [];
    vi.stubGlobal("fetch", async (input: RequestInfo, init?: RequestInit) => {
      calls.push(new Request(input, init));
      return Response.json({ id: "email_123" });
    });
    const before = await env.SESSIONS.list({ prefix: "outbox:" });
    await sendEmail(readEnv(withResendKey()), message);
    expect(calls).toHaveLength(1);
    const call = calls[0]!;
    expect(call.url).toBe("https://api.resend.com/emails");
    expect(call.method).toBe("POST");
    expect(call.headers.get("authorization")).toBe("Bearer re_test_123");
    expect(await call.json()).toMatchObject({
      from: "Sannidhi <no-reply@sannidhi.example>",
      to: "devotee@example.org",
      subject: "Hello",
      text: "Namaste",
      html: "<p>Namaste</p>",
    });
    const after = await env.SESSIONS.list({ prefix: "outbox:" });
    expect(after.keys.length).toBe(before.keys.length);
  });

  it("fails loudly when Resend refuses the message", async () => {
    vi.stubGlobal("fetch", async () =>
      Response.json({ name: "validation_error", message: "Invalid `to` field.", statusCode: 422 }, { status: 422 }),
    );
    await expect(sendEmail(readEnv(withResendKey()), message)).rejects.toThrow(/Resend answered validation_error/);
  });

  it("fails loudly with no transport at all", async () => {
    const bare = { ...env, MAIL_MODE: undefined } as unknown as Env;
    await expect(sendEmail(readEnv(bare), message)).rejects.toThrow(/no mail transport/);
  });
});
