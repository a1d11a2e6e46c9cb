/**
 * Issue 10 #6: local-only switches (MAIL_MODE=local: the outbox at /dev/outbox) live only
 * in local configuration, and even when set they count only for requests to a loopback
 * host. A deployment as `npm run deploy` ships it has no outbox and, without Razorpay's
 * keys, checkout says payments are not available (issue 26: no sandbox gateway exists;
 * locally the Razorpay adapter talks to the emulator).
 */
import { env } from "cloudflare:workers";
import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import builtWorker from "@sannidhi/built-worker";
import { describe, expect, it, vi } from "vitest";
import devVarsExample from "../../.dev.vars.example?raw";
import wranglerToml from "../../wrangler.toml?raw";
import { missingDevVars } from "../../scripts/dev-vars";
import { CHECKOUT_MESSAGES } from "~/domain/bookings/cart/checkout.server";
import { listOutbox, sendEmail } from "~/lib/email.server";
import { readEnv } from "~/lib/env.server";
import { isLoopbackHost } from "~/lib/loopback";
import { newUser, pageText, register, signIn, signUp, TestBrowser } from "../support/browser";
import { bookPuja, count, findPuja, newCustomer, openCheckout, gateway } from "../support/bookings";
import { setCookie } from "../support/cookie-jar";

const LOOPBACK = [
  "http://localhost",
  "http://127.0.0.1:8787",
  "http://[::1]:8787",
  "http://packages.localhost:8787",
  "http://a.b.localhost",
];
const PUBLIC = [
  "https://sannidhi.example",
  "http://localhost.evil.example",
  "http://127.0.0.1.nip.io",
  "http://evil-localhost",
  "http://localhost.example",
  "http://10.0.0.1",
  "http://[::2]",
];

/** The built Worker answering as a deployment with `workerEnv` would. */
async function fetchAs(workerEnv: Env, url: string, init?: RequestInit) {
  const ctx = createExecutionContext();
  const response = await builtWorker.fetch(new Request(url, init), workerEnv, ctx);
  await waitOnExecutionContext(ctx);
  return response;
}

/** The Worker's environment as `wrangler.toml` alone gives it (no .dev.vars, no test bindings). */
function deployedEnv(extra: Record<string, string> = {}) {
  return {
    ...env,
    MAIL_MODE: undefined,
    RAZORPAY_KEY_ID: undefined,
    RAZORPAY_KEY_SECRET: undefined,
    RAZORPAY_WEBHOOK_SECRET: undefined,
    RAZORPAY_API_BASE: undefined,
    ...extra,
  } as unknown as Env;
}

describe("deployable configuration", () => {
  it("keeps local switches and local addresses out of wrangler.toml", () => {
    const settings = wranglerToml.split("\n").filter((line) => line.trim() && !line.trim().startsWith("#"));
    expect(settings.filter((line) => /MAIL_MODE|CHALLENGE_MODE/.test(line))).toEqual([]);
    expect(settings.filter((line) => /localhost|127\.0\.0\.1/.test(line))).toEqual([]);
  });

  it("keeps them in the local configuration that npm start creates from .dev.vars.example", () => {
    expect(devVarsExample).toMatch(/^MAIL_MODE=local$/m);
    expect(devVarsExample).toMatch(/^CHALLENGE_MODE=local$/m);
    expect(devVarsExample).toMatch(/^PACKAGES_ORIGIN=http:\/\/packages\.localhost:8787$/m);
  });

  it("adds them to a .dev.vars made before they moved there, and leaves the rest alone", () => {
    const older = "SESSION_SECRET=abc\n# RESEND_API_KEY=re_...\n";
    expect(missingDevVars(devVarsExample, older)).toEqual([
      // npm start replaces its placeholder with a random value (scripts/lib.ts).
      expect.stringMatching(/^RECEIPT_CODE_SECRET=replace-with/),
      "MAIL_MODE=local",
      "CHALLENGE_MODE=local",
      "PACKAGES_ORIGIN=http://packages.localhost:8787",
      // Who charges the platform's fee on the temples' tax invoices (issue 43): example values.
      "PLATFORM_LEGAL_NAME=Sannidhi Seva Private Limited",
      "PLATFORM_GSTIN=29ABCDE1234F1Z5",
      // The Razorpay emulator's keys and address (issue 26), the secrets random per machine.
      "RAZORPAY_KEY_ID=rzp_test_SannidhiLocal01",
      expect.stringMatching(/^RAZORPAY_KEY_SECRET=replace-with/),
      expect.stringMatching(/^RAZORPAY_WEBHOOK_SECRET=replace-with/),
      "RAZORPAY_API_BASE=http://127.0.0.1:8789/v1",
      // The WhatsApp and MSG91 emulators' keys and addresses (issue 41), the secrets random per machine.
      expect.stringMatching(/^WHATSAPP_ACCESS_TOKEN=replace-with/),
      "WHATSAPP_PHONE_NUMBER_ID=106540352242922",
      expect.stringMatching(/^WHATSAPP_APP_SECRET=replace-with/),
      expect.stringMatching(/^WHATSAPP_VERIFY_TOKEN=replace-with/),
      "WHATSAPP_API_BASE=http://127.0.0.1:8781/v26.0",
      expect.stringMatching(/^MSG91_AUTH_KEY=replace-with/),
      "MSG91_SENDER_ID=SNNDHI",
      expect.stringMatching(/^MSG91_WEBHOOK_TOKEN=replace-with/),
      expect.stringMatching(/^MSG91_TEMPLATES=\{"receipt":"local_receipt",/),
      "MSG91_API_BASE=http://127.0.0.1:8782/api/v5",
    ]);
    // The older example's commented-out Razorpay placeholders do not stop the emulator's settings being added …
    const withOldPlaceholders = `${older}# RAZORPAY_KEY_ID=rzp_test_...\n# RAZORPAY_KEY_SECRET=...\n`;
    expect(missingDevVars(devVarsExample, withOldPlaceholders).filter((line) => line.startsWith("RAZORPAY_"))).toHaveLength(4);
    // … but a developer's own Razorpay keys are left alone, with no emulator address added.
    const ownKeys = `${older}RAZORPAY_KEY_ID=rzp_test_Own\nRAZORPAY_KEY_SECRET=own\n`;
    expect(missingDevVars(devVarsExample, ownKeys).filter((line) => line.startsWith("RAZORPAY_"))).toEqual([]);
    // Each provider's settings go together: a developer's own WhatsApp keys get no emulator address,
    // and MSG91's emulator settings are still added beside them.
    const ownWhatsApp = `${older}WHATSAPP_ACCESS_TOKEN=EAAG-own\nWHATSAPP_PHONE_NUMBER_ID=123456789012345\n`;
    const added = missingDevVars(devVarsExample, ownWhatsApp);
    expect(added.filter((line) => line.startsWith("WHATSAPP_"))).toEqual([]);
    expect(added.filter((line) => line.startsWith("MSG91_"))).toHaveLength(5);
    // A setting a developer turned off (commented out) or changed stays as they left it.
    expect(
      missingDevVars(
        devVarsExample,
        `${older}RECEIPT_CODE_SECRET=def\n# MAIL_MODE=local\n# ` +
          `CHALLENGE_MODE=local\nPACKAGES_ORIGIN=http://packages.localhost:9999\nRAZORPAY_KEY_ID=rzp_test_Own\n` +
          "WHATSAPP_ACCESS_TOKEN=own\nMSG91_AUTH_KEY=own\nPLATFORM_LEGAL_NAME=Own Company\n# PLATFORM_GSTIN=29ABCDE1234F1Z5\n",
      ),
    ).toEqual([]);
  });
});

describe("loopback hosts", () => {
  it("are localhost, 127.0.0.1, [::1] and *.localhost, nothing else", () => {
    for (const origin of LOOPBACK) expect(isLoopbackHost(new URL(origin).hostname), origin).toBe(true);
    for (const origin of PUBLIC) expect(isLoopbackHost(new URL(origin).hostname), origin).toBe(false);
  });
});

describe("the local outbox", () => {
  it("answers only on a loopback host, even with MAIL_MODE=local", async () => {
    for (const origin of LOOPBACK) {
      expect((await fetchAs(env, `${origin}/dev/outbox.json`)).status, origin).toBe(200);
      expect((await fetchAs(env, `${origin}/dev/outbox`)).status, origin).toBe(200);
    }
    for (const origin of PUBLIC) {
      const json = await fetchAs(env, `${origin}/dev/outbox.json`);
      expect(json.status, origin).toBe(404);
      expect(await json.text()).not.toContain("@");
      expect((await fetchAs(env, `${origin}/dev/outbox`)).status, origin).toBe(404);
    }
  });

  it("does not exist at all in a deployment configured by wrangler.toml alone", async () => {
    expect((await fetchAs(deployedEnv(), "http://localhost/dev/outbox.json")).status).toBe(404);
    expect((await fetchAs(deployedEnv(), "https://sannidhi.example/dev/outbox")).status).toBe(404);
  });

  it("keeps nothing from a request to a public host: mail without a transport fails closed", async () => {
    const user = newUser();
    const response = await register(new TestBrowser("https://sannidhi.example"), user);
    // Refused (no mail transport, or no origin for the link), never a crash.
    expect(response.status).not.toBe(500);
    expect(await listOutbox(env.SESSIONS, user.email)).toEqual([]);
    await expect(sendEmail(readEnv(deployedEnv()), { to: user.email, subject: "x", text: "x", html: "x" })).rejects.toThrow(
      /no mail transport/,
    );
  });
});

describe("the payment gateway", () => {
  it("is Razorpay's API, here the local emulator's: checkout opens a Razorpay order", async () => {
    const { browser } = await newCustomer();
    await bookPuja(browser, await findPuja("direct"));
    const { orderId, html } = await openCheckout(browser);
    expect((await gateway.orderState(orderId)).order?.status).toBe("created");
    expect(html).toContain(`action="${gateway.apiBase}/checkout/embedded"`);
    // The page's policy lets its form post there (and only there, besides the portal).
    const page = await browser.get(`/checkout/pay/${orderId}`);
    expect(page.headers.get("content-security-policy")).toContain(`form-action 'self' ${gateway.origin};`);
  });

  it("refuses the callback of an order an old database made with the removed sandbox gateway", async () => {
    const { browser, customerId } = await newCustomer();
    const providerOrderId = `order_sbx_${customerId}`;
    await env.DB.prepare(
      "insert into payment_orders (customer_id, provider, provider_order_id, amount, lines, expires_at) values (?, 'sandbox', ?, 50000, '[]', ?)",
    )
      .bind(customerId, providerOrderId, new Date(Date.now() + 600_000).toISOString())
      .run();
    const paid = await browser.post("/payments/callback", {
      razorpay_order_id: providerOrderId,
      razorpay_payment_id: "pay_sbx_000000000001",
      razorpay_signature: "0".repeat(64),
    });
    expect(paid.status).toBe(400);
    expect(await count("select count(*) as n from transactions where customer_id = ?", customerId)).toBe(0);
  });

  it("does not exist in a deployment without Razorpay's keys, and checkout says so", async () => {
    const { browser, customerId } = await newCustomer();
    await bookPuja(browser, await findPuja("direct"));
    const checkout = await fetchAs(deployedEnv(), "http://localhost/checkout", {
      method: "POST",
      headers: { origin: "http://localhost", cookie: browser.cookieHeader(), "content-type": "application/x-www-form-urlencoded" },
      body: "",
      redirect: "manual",
    });
    expect(checkout.status).toBe(303);
    expect(checkout.headers.get("location")).toBe("/cart");
    browser.cookies.set("sn_toast", setCookie(checkout, "sn_toast")!.split(";")[0]!.slice("sn_toast=".length));
    const cart = await fetchAs(deployedEnv(), "http://localhost/cart", { headers: { cookie: browser.cookieHeader() } });
    expect(await pageText(cart)).toContain(CHECKOUT_MESSAGES.unavailable);
    expect(await count("select count(*) as n from payment_orders where customer_id = ?", customerId)).toBe(0);
  });
});

describe("the human check's local stand-in", () => {
  it("is offered only on a loopback host: a public host without Turnstile's keys asks for a check nobody can pass", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const user = await signUp(new TestBrowser());
    for (let i = 0; i < 10; i++) await (await signIn(new TestBrowser(), user.email, `Wrong@${i}`)).body?.cancel();
    const local = await signIn(new TestBrowser(), user.email, user.password);
    expect(local.status).toBe(403);
    expect(await local.text()).toContain('name="cf-turnstile-response" value="local.');
    const visitor = new TestBrowser("https://sannidhi.example");
    const asked = await signIn(visitor, user.email, user.password);
    expect(asked.status).toBe(403);
    const html = await asked.text();
    expect(html).not.toContain('name="cf-turnstile-response"');
    expect(html).toContain("This check cannot be shown just now");
    expect(logged).toHaveBeenCalledWith(expect.stringContaining("TURNSTILE_SECRET_KEY"));
    logged.mockRestore();
  });
});
