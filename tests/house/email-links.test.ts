/**
 * Links in emails (issue 10 #10): built from the configured PUBLIC_ORIGIN, never
 * from the Host header of the request that triggered the mail. Without it, only a
 * loopback origin (local development) is used; any other host gets no mail at all.
 *
 * On Cloudflare a forged `Host: evil.example` becomes the request's URL, so these
 * requests are made to http://evil.example (the Host header is sent too).
 */
import { env } from "cloudflare:workers";
import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import builtWorker from "@sannidhi/built-worker";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { createDb } from "~/db/client.server";
import { addDays } from "~/domain/bookings/cart/inputs";
import { startCheckout } from "~/domain/bookings/cart/checkout.server";
import { DESK_MESSAGES } from "~/domain/bookings/desk/desk-inputs";
import { todayInIndia } from "~/lib/india-time";
import { readEnv } from "~/lib/env.server";
import { razorpayProvider } from "~/lib/payments/razorpay.server";
import { hmacSha256Hex } from "~/lib/crypto.server";
import { linkOrigin } from "~/lib/public-origin.server";
import { TestBrowser, newUser, pageText, register, signUp, uniqueEmail } from "../support/browser";
import { count, findDonationPurpose, newCustomer } from "../support/bookings";
import { paidLine, pendingRequest, signedIn, STAFF_A, templeOf } from "../support/staff";
import { LegacyClient } from "../support/legacy-client";
import { withInlineQueue } from "../support/inline-queue";

const EVIL = "http://evil.example";
const CANONICAL = "https://sannidhi.example";
const KEYS = { keyId: "rzp_test_LINKS01", keySecret: "rzp_test_links_secret_7c1d" };
/**
 * A deployment as it would run: mail through Resend and payments through Razorpay (both faked at
 * the network edge), its messages sent by its own queue consumer (at once, here).
 */
const deployed = {
  ...env,
  RESEND_API_KEY: "re_test_links",
  RAZORPAY_KEY_ID: KEYS.keyId,
  RAZORPAY_KEY_SECRET: KEYS.keySecret,
  // A deployment talks to Razorpay and Resend themselves, never the local emulators.
  RAZORPAY_API_BASE: undefined,
  RESEND_API_BASE: undefined,
};
const configured = withInlineQueue({ ...deployed, PUBLIC_ORIGIN: CANONICAL });
const unconfigured = withInlineQueue({ ...deployed, PUBLIC_ORIGIN: undefined });

interface SentMail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** Mail handed to Resend during the test. */
let sent: SentMail[] = [];
const mailTo = (email: string) => sent.filter((mail) => mail.to === email);

beforeEach(() => {
  sent = [];
  const realFetch = globalThis.fetch;
  vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
    const request = new Request(input, init);
    if (request.url === "https://api.resend.com/emails") {
      const body = await request.json<SentMail & { to: string | string[] }>();
      sent.push({ ...body, to: [body.to].flat()[0]! });
      return Response.json({ id: `email_${sent.length}` });
    }
    if (request.url === "https://api.razorpay.com/v1/orders") {
      const { amount } = await request.json<{ amount: number }>();
      return Response.json({
        id: `order_L${crypto.randomUUID().replace(/-/g, "").slice(0, 13)}`,
        entity: "order",
        amount,
        currency: "INR",
        status: "created",
      });
    }
    return realFetch(input, init);
  });
});

async function viaWorker(workerEnv: Env, url: string, init: RequestInit) {
  const headers = new Headers(init.headers);
  headers.set("host", new URL(url).host);
  const ctx = createExecutionContext();
  const response = await builtWorker.fetch(new Request(url, { ...init, headers }), workerEnv, ctx);
  await waitOnExecutionContext(ctx);
  return response;
}

/** A browser whose requests reach the Worker at `origin` under `workerEnv`. */
class HostBrowser extends TestBrowser {
  constructor(
    readonly workerEnv: Env,
    origin = EVIL,
  ) {
    super(origin);
  }
  protected override send(url: string, init: RequestInit) {
    return viaWorker(this.workerEnv, url, init);
  }
  /** Carries another browser's cookies (e.g. a staff sign-in). */
  static from(browser: TestBrowser, workerEnv: Env, origin = EVIL) {
    const copy = new HostBrowser(workerEnv, origin);
    for (const [name, value] of browser.cookies) copy.cookies.set(name, value);
    return copy;
  }
}

class HostClient extends LegacyClient {
  constructor(readonly workerEnv: Env) {
    super("app", undefined, EVIL);
  }
  protected override send(url: string, init: RequestInit) {
    return viaWorker(this.workerEnv, url, init);
  }
}

/** Every absolute URL in a message, text and HTML. */
function linksIn(mail: SentMail | undefined) {
  expect(mail, "a mail was sent").toBeDefined();
  return [...`${mail!.text}\n${mail!.html}`.matchAll(/https?:\/\/[^\s"'<>]+/g)].map(([url]) => url.replace(/&amp;/g, "&"));
}

function expectCanonicalLinks(mail: SentMail | undefined, path: string) {
  const links = linksIn(mail);
  expect(links.length).toBeGreaterThan(0);
  for (const link of links) expect(link.startsWith(`${CANONICAL}/`), link).toBe(true);
  expect(
    links.some((link) => link.startsWith(`${CANONICAL}${path}`)),
    `a link to ${path}`,
  ).toBe(true);
  expect(`${mail!.text}${mail!.html}`).not.toContain("evil.example");
}

/** Console errors are expected (and checked) in the refusing cases. */
function expectOriginLogged() {
  const errors = vi.spyOn(console, "error").mockImplementation(() => {});
  return () => {
    expect(errors.mock.calls.map((call) => call.join(" ")).join("\n")).toMatch(/PUBLIC_ORIGIN/);
  };
}

/** A cart paid through Razorpay, its callback posted to `host` under `workerEnv`. */
async function payByRazorpay(workerEnv: Env, host = EVIL) {
  const { browser, user, customerId } = await newCustomer();
  const purpose = await findDonationPurpose();
  await browser.post(`/t/${purpose.slug}`, {
    form: "donation",
    donationPurposeId: String(purpose.id),
    amount: "501",
    devoteeName: "Meera Iyer",
  });
  const started = await startCheckout(createDb(env.DB), razorpayProvider(KEYS), customerId);
  if (!started.ok) throw new Error(started.message);
  const paymentId = `pay_L${crypto.randomUUID().replace(/-/g, "").slice(0, 13)}`;
  const fields = {
    razorpay_order_id: started.providerOrderId,
    razorpay_payment_id: paymentId,
    razorpay_signature: await hmacSha256Hex(KEYS.keySecret, `${started.providerOrderId}|${paymentId}`),
  };
  const paid = await new HostBrowser(workerEnv, host).post("/payments/callback", fields);
  return { paid, user, customerId };
}

afterEach(() => vi.restoreAllMocks());

let templeA: number;
beforeAll(async () => {
  templeA = await templeOf(STAFF_A.email);
});

describe("the link origin", () => {
  const config = readEnv(unconfigured).config;
  it("is PUBLIC_ORIGIN whenever it is configured, whatever the request's host", () => {
    const withOrigin = readEnv(configured).config;
    for (const url of [`${EVIL}/login`, "http://localhost:8787/login", "https://sannidhi.example.evil.example/x"]) {
      expect(linkOrigin(withOrigin, url)).toBe(CANONICAL);
    }
  });

  it("is the request's own origin only on loopback hosts when none is configured", () => {
    for (const origin of [
      "http://localhost:8787",
      "http://localhost",
      "http://127.0.0.1:8833",
      "http://[::1]:8787",
      "http://packages.localhost:8787",
    ]) {
      expect(linkOrigin(config, `${origin}/login?form=reset`)).toBe(origin);
    }
    for (const url of [
      `${EVIL}/login`,
      "https://sannidhi.example/login",
      "http://localhost.evil.example/login",
      "http://127.0.0.1.nip.io/login",
      "http://10.0.0.1/login",
    ]) {
      expect(linkOrigin(config, url), url).toBeNull();
    }
  });

  it("must be an http(s) origin", () => {
    for (const value of ["javascript:alert(1)", "ftp://sannidhi.example", "not a url"]) {
      expect(() => readEnv({ ...env, PUBLIC_ORIGIN: value } as Env)).toThrow(/PUBLIC_ORIGIN/);
    }
  });
});

describe("with PUBLIC_ORIGIN configured, emails link there even when Host is evil.example", () => {
  it("sign-up code and its resend (portal)", async () => {
    const user = newUser();
    const browser = new HostBrowser(configured);
    expect((await register(browser, user)).status).toBe(302);
    expectCanonicalLinks(mailTo(user.email)[0], "/verify-email?");
    expect((await browser.post("/login", { intent: "resend-signup", email: user.email })).status).toBe(302);
    const resent = mailTo(user.email)[1];
    const code = resent?.text.match(/\bDV\d{6}\b/)?.[0] ?? "";
    expectCanonicalLinks(resent, `/verify-email?${new URLSearchParams({ email: user.email, code })}`);
  });

  it("reset code (portal)", async () => {
    const user = await signUp(new TestBrowser());
    expect((await new HostBrowser(configured).post("/login", { intent: "forgot", email: user.email })).status).toBe(302);
    expectCanonicalLinks(mailTo(user.email)[0], "/login?form=reset");
  });

  it("sign-up and reset codes (legacy calls)", async () => {
    const email = uniqueEmail("legacy-link");
    const signup = { LoginID: email, FirstName: "Arjun Menon", Password: "Temple@108", PhoneMobile: "9876543210" };
    expect((await new HostClient(configured).call("/client/user/signup", signup)).body.status).toBe("success");
    expectCanonicalLinks(mailTo(email)[0], "/verify-email?");
    const express = uniqueEmail("legacy-link");
    expect(
      (await new HostClient(configured).call("/api/Customer/ExpressSignup", { ...signup, LoginID: express, type: "NEW" })).body.RESULT,
    ).toBe("SUCCESS");
    expectCanonicalLinks(mailTo(express)[0], "/verify-email?");

    const user = await signUp(new TestBrowser());
    expect((await new HostClient(configured).call("/client/user/forgotPassword", { loginId: user.email })).body.status).toBe("success");
    expectCanonicalLinks(mailTo(user.email)[0], "/login?form=reset");
    expect((await new HostClient(configured).call("/api/Customer/CheckPasswordRecoveryEmail", { LoginID: user.email })).body.RESULT).toBe(
      "SUCCESS",
    );
    expectCanonicalLinks(mailTo(user.email)[1], "/login?form=reset");
  });

  it("a request answered at the desk", async () => {
    const staff = HostBrowser.from(await signedIn(STAFF_A), configured);
    const { requestId, user } = await pendingRequest(templeA);
    expect((await staff.post(`/desk/${templeA}?index`, { intent: "accept", requestId: String(requestId) })).status).toBe(303);
    expectCanonicalLinks(mailTo(user.email)[0], "/account?tab=transactions");
  });

  it("prasad sent by post", async () => {
    const staff = HostBrowser.from(await signedIn(STAFF_A), configured);
    const line = await paidLine(templeA, addDays(todayInIndia(), 2));
    const saved = await staff.post(`/desk/${templeA}/dispatch`, {
      intent: "tracking",
      lineId: String(line.lineId),
      trackingNo: "EK123456789IN",
    });
    expect(saved.status).toBe(303);
    expectCanonicalLinks(mailTo(line.user.email)[0], "/account?tab=transactions");
  });

  it("the payment receipt", async () => {
    const { paid, user } = await payByRazorpay(configured);
    expect(paid.status).toBe(303);
    const [mail] = mailTo(user.email);
    expect(mail?.subject).toMatch(/SN-/);
    expectCanonicalLinks(mail, "/account/transactions/");
  });
});

describe("without PUBLIC_ORIGIN, a request to any other host gets no mail with a link", () => {
  it("sign-up (portal): a clear failure, nothing sent, the cause logged", async () => {
    const logged = expectOriginLogged();
    const user = newUser();
    const response = await register(new HostBrowser(unconfigured), user);
    expect(response.status).toBe(503);
    expect(await pageText(response)).toContain("Something went wrong");
    expect(sent).toEqual([]);
    logged();
  });

  it("resent sign-up code and reset code (portal)", async () => {
    const user = newUser();
    expect((await register(new TestBrowser(), user)).status).toBe(302);
    const known = await signUp(new TestBrowser());
    const logged = expectOriginLogged();
    const resent = await new HostBrowser(unconfigured).post("/login", { intent: "resend-signup", email: user.email });
    expect(resent.status).toBe(503);
    const forgot = await new HostBrowser(unconfigured).post("/login", { intent: "forgot", email: known.email });
    expect(forgot.status).toBe(503);
    expect(await pageText(forgot)).toContain("Something went wrong");
    expect(sent).toEqual([]);
    logged();
  });

  it("sign-up and reset codes (legacy calls)", async () => {
    const known = await signUp(new TestBrowser());
    const logged = expectOriginLogged();
    const signup = await new HostClient(unconfigured).call("/client/user/signup", {
      LoginID: uniqueEmail("legacy-nolink"),
      FirstName: "Arjun Menon",
      Password: "Temple@108",
      PhoneMobile: "9876543210",
    });
    expect(signup.status).toBe(503);
    expect(signup.body).toMatchObject({ Status: "Failed", message: "Something went wrong" });
    const forgot = await new HostClient(unconfigured).call("/api/Customer/CheckPasswordRecoveryEmail", { LoginID: known.email });
    expect(forgot.status).toBe(503);
    expect(sent).toEqual([]);
    logged();
  });

  it("desk emails: the answer is saved, the staff are told the email was not sent", async () => {
    const staff = HostBrowser.from(await signedIn(STAFF_A), unconfigured);
    const { requestId } = await pendingRequest(templeA);
    const line = await paidLine(templeA, addDays(todayInIndia(), 2));
    const logged = expectOriginLogged();
    const accepted = await staff.post(`/desk/${templeA}?index`, {
      intent: "accept",
      requestId: String(requestId),
      redirectTo: `/desk/${templeA}`,
    });
    expect(accepted.status).toBe(303);
    expect(await pageText(await staff.get(`/desk/${templeA}`))).toContain(DESK_MESSAGES.emailFailed);
    const saved = await staff.post(`/desk/${templeA}/dispatch`, {
      intent: "tracking",
      lineId: String(line.lineId),
      trackingNo: "EK123456789IN",
    });
    expect(saved.status).toBe(303);
    expect(sent).toEqual([]);
    logged();
  });

  it("the payment receipt: the booking is recorded, no receipt with a foreign link is sent", async () => {
    const logged = expectOriginLogged();
    const { paid, customerId } = await payByRazorpay(unconfigured);
    expect(paid.status).toBe(303);
    expect(await count("select count(*) as n from transactions where customer_id = ?", customerId)).toBe(1);
    expect(sent).toEqual([]);
    logged();
  });

  it("loopback hosts (local development) still get working links", async () => {
    for (const origin of ["http://127.0.0.1:8787", "http://[::1]:8787", "http://packages.localhost:8787"]) {
      const user = await signUp(new TestBrowser());
      expect((await new HostBrowser(unconfigured, origin).post("/login", { intent: "forgot", email: user.email })).status).toBe(302);
      expect(linksIn(mailTo(user.email)[0])).toContain(`${origin}/login?form=reset`);
    }
  });
});
