/**
 * Issue 43 against the built Worker and the Razorpay emulator: a temple's payout bank account is
 * set up by one operator's request and another's approval (never the requester's own, even by a
 * direct call), each step audited, the temple's staff told, the account number shown masked only;
 * its linked account created at Razorpay Route, its status moved by Razorpay's review (webhook)
 * and asked again (Refresh); Razorpay's refusal shown in its words. Each test makes its own temple.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { createDb } from "~/db/client.server";
import { activeLinkedAccounts, decidePayoutChange } from "~/domain/ledger/payout-accounts.server";
import { customerRow, pageText } from "../support/browser";
import { count, deliverWebhooks, gateway, newCustomer } from "../support/bookings";
import { auditRows, OPERATOR, signedIn } from "../support/staff";
import { makeTemple } from "../support/trust";

/** Guruvayur (temple 1), seeded with an activated linked account the emulator holds too (drizzle/seed/payout-accounts.ts). */
const DEMO = { templeId: 1, accountId: "acc_SEEDguruvayur", email: "payouts.guruvayur@temples.sannidhi.example" };
const OPERATOR_TWO = { email: "operator2@sannidhi.example", password: "Operator@2026" };
const db = () => createDb(env.DB);
const unique = () => crypto.randomUUID().slice(0, 8);

function details(templeId: number, overrides: Record<string, string> = {}) {
  return {
    intent: "request",
    templeId: String(templeId),
    legalName: "Sree Krishna Swamy Devaswom Trust",
    businessType: "trust",
    contactName: "Parvathi Menon",
    email: `payouts-${unique()}@temples.example`,
    phone: "098450 12345",
    pan: "aaats1234k",
    beneficiaryName: "Sree Krishna Swamy Devaswom Trust",
    accountNumber: "5010 0123 4567 89",
    accountNumberAgain: "50100123456789",
    ifsc: "hdfc0001234",
    ...overrides,
  };
}

async function pendingChange(templeId: number) {
  return env.DB.prepare(
    "select id, status, ifsc, account_number as accountNumber, pan, phone from payout_account_changes where temple_id = ? order by id desc",
  )
    .bind(templeId)
    .first<{ id: number; status: string; ifsc: string; accountNumber: string; pan: string; phone: string }>();
}

/** A verified temple with one admin staff member, its bank account requested by the first operator and approved by the second. */
async function approvedTemple(overrides: Record<string, string> = {}) {
  const temple = await makeTemple({ verified: true });
  const path = `/operator/temples/${temple.id}/payouts`;
  const [first, second] = [await signedIn(OPERATOR), await signedIn(OPERATOR_TWO)];
  expect((await first.post(path, details(temple.id, overrides))).status).toBe(303);
  const change = await pendingChange(temple.id);
  expect((await second.post(path, { intent: "approve", templeId: String(temple.id), changeId: String(change!.id), note: "" })).status).toBe(
    303,
  );
  return { temple, path, first, second, changeId: change!.id };
}

async function activationOf(templeId: number) {
  return env.DB.prepare(
    "select linked_account_id as id, route_product_id as product, activation_status as status from temple_payout_accounts where temple_id = ?",
  )
    .bind(templeId)
    .first<{ id: string | null; product: string | null; status: string | null }>();
}

/** Webhooks are worked after the answer: wait until the stored status is the one Razorpay sent. */
async function statusBecomes(templeId: number, status: string) {
  for (let i = 0; i < 50 && (await activationOf(templeId))?.status !== status; i++) await new Promise((r) => setTimeout(r, 40));
  return (await activationOf(templeId))?.status;
}

describe("a temple's payout bank account", () => {
  it("is refused with a message naming the field, and nothing is stored", async () => {
    const temple = await makeTemple({ verified: true });
    const operator = await signedIn(OPERATOR);
    const path = `/operator/temples/${temple.id}/payouts`;
    const cases: [Record<string, string>, string][] = [
      [{ ifsc: "HDFC001234" }, "Enter the IFSC: 11 characters, like HDFC0001234"],
      [{ ifsc: "HDFC1001234" }, "Enter the IFSC: 11 characters, like HDFC0001234"],
      [{ accountNumber: "12345678", accountNumberAgain: "12345678" }, "Enter the account number: 9 to 18 digits"],
      [{ accountNumber: "1234567890123456789", accountNumberAgain: "1234567890123456789" }, "Enter the account number: 9 to 18 digits"],
      [{ accountNumberAgain: "50100123456788" }, "The two account numbers do not match: type the same account number again"],
      [{ phone: "12345" }, "Enter the contact person's mobile number, e.g. 98450 12345"],
      [{ pan: "AAAT1234K" }, "Enter a valid PAN (10 characters, like AAATG1234K), or leave it empty"],
    ];
    for (const [overrides, message] of cases) {
      const response = await operator.post(path, details(temple.id, overrides));
      expect(response.status, JSON.stringify(overrides)).toBe(400);
      expect(await pageText(response)).toContain(message);
    }
    expect(await count("select count(*) as n from payout_account_changes where temple_id = ?", temple.id)).toBe(0);
    // Typed as people type them: spaces, a trunk 0, lower case.
    expect((await operator.post(path, details(temple.id))).status).toBe(303);
    expect(await pendingChange(temple.id)).toMatchObject({
      ifsc: "HDFC0001234",
      accountNumber: "50100123456789",
      pan: "AAATS1234K",
      phone: "+919845012345",
    });
  });

  it("is a request the requester can never approve; another operator's approval writes it, audited, and the staff are told", async () => {
    const temple = await makeTemple({ verified: true });
    const staff = await newCustomer();
    await env.DB.prepare("insert into temple_staff (customer_id, temple_id, role) values (?, ?, 'admin')")
      .bind(staff.customerId, temple.id)
      .run();
    const path = `/operator/temples/${temple.id}/payouts`;
    const first = await signedIn(OPERATOR);
    expect((await first.post(path, details(temple.id))).status).toBe(303);
    const change = (await pendingChange(temple.id))!;
    // One request at a time.
    const again = await first.post(path, details(temple.id));
    expect(again.status).toBe(409);
    expect(await pageText(again)).toContain("A request for this temple is already waiting for approval.");

    const decision = { intent: "approve", templeId: String(temple.id), changeId: String(change.id), note: "" };
    const own = await first.post(path, decision);
    expect(own.status).toBe(409);
    expect(await pageText(own)).toContain("You made this request: another operator must approve it.");
    // The rule is the UPDATE's, not the page's.
    const requester = (await customerRow(OPERATOR.email))!.id as number;
    expect(await decidePayoutChange(db(), requester, { intent: "approve", templeId: temple.id, changeId: change.id })).toEqual({
      refused: "own-request",
    });
    expect((await pendingChange(temple.id))!.status).toBe("pending");
    expect(await count("select count(*) as n from temple_payout_accounts where temple_id = ?", temple.id)).toBe(0);

    const second = await signedIn(OPERATOR_TWO);
    expect((await second.post(path, decision)).status).toBe(303);
    expect((await pendingChange(temple.id))!.status).toBe("approved");
    expect(await activationOf(temple.id)).toEqual({ id: null, product: null, status: null });
    expect((await second.post(path, decision)).status).toBe(409);

    expect((await auditRows("payout_account.change_requested", temple.id)).map((row) => row.actor)).toEqual([OPERATOR.email]);
    const approvals = await auditRows("payout_account.change_approved", temple.id);
    expect(approvals.map((row) => row.actor)).toEqual([OPERATOR_TWO.email]);
    expect(JSON.stringify([...(await auditRows("payout_account.change_requested", temple.id)), ...approvals])).not.toContain(
      "50100123456789",
    );

    const told = await env.DB.prepare(
      "select channel, text, subject from notifications where customer_id = ? and kind = 'payout-account-changed'",
    )
      .bind(staff.customerId)
      .all<{ channel: string; text: string; subject: string }>();
    expect(told.results.map((row) => row.channel)).toEqual(["email"]);
    expect(told.results[0]!.text).toContain("was changed to XXXXXXXXXX6789");
    expect(told.results[0]!.text).toContain("by the Sannidhi team. If you did not expect this, contact us.");
    expect(told.results[0]!.text).not.toContain("50100123456789");

    // A rejection needs a note, and is audited too.
    expect((await first.post(path, details(temple.id, { accountNumber: "123456789012", accountNumberAgain: "123456789012" }))).status).toBe(
      303,
    );
    const next = (await pendingChange(temple.id))!;
    const reject = { intent: "reject", templeId: String(temple.id), changeId: String(next.id), note: "" };
    expect(await pageText(await second.post(path, reject))).toContain("Say why the request is rejected");
    expect((await second.post(path, { ...reject, note: "The trust's letter names another bank." })).status).toBe(303);
    expect((await pendingChange(temple.id))!.status).toBe("rejected");
    expect((await auditRows("payout_account.change_rejected", temple.id)).map((row) => row.actor)).toEqual([OPERATOR_TWO.email]);
  });

  it("is shown masked only, and a temple without a linked account is paid outside the portal", async () => {
    const { path, first } = await approvedTemple();
    const response = await first.get(path);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain("XXXXXXXXXX6789");
    expect(html).not.toContain("50100123456789");
    expect(html).not.toMatch(/5010\D{0,3}0123/);
    expect(html).toContain("Payouts are made by the Sannidhi team outside the portal");
  });
});

describe("a temple's linked account at Razorpay", () => {
  it("is created from the approved details, moved by Razorpay's review (webhook) and asked again (Refresh)", async () => {
    const { temple, path, first } = await approvedTemple();
    const created = await first.post(path, { intent: "create-linked", templeId: String(temple.id) });
    expect(created.status).toBe(303);
    const linked = (await activationOf(temple.id))!;
    expect(linked.id).toMatch(/^acc_/);
    expect(linked.product).toMatch(/^acc_prd_/);
    // Given its bank account, Razorpay reviews it.
    expect(linked.status).toBe("under_review");
    expect(await pageText(await first.get(path))).toContain(`Linked account ${linked.id}: Under review`);
    expect(await activeLinkedAccounts(db(), [temple.id])).toEqual(new Map());

    await gateway.setAccountStatus(linked.id!, "activated");
    const delivered = await deliverWebhooks(linked.id!);
    expect(delivered.map((d) => d.status)).toContain(200);
    expect(await statusBecomes(temple.id, "activated")).toBe("activated");
    const page = await pageText(await first.get(path));
    expect(page).toContain(`Linked account ${linked.id}: Activated`);
    expect(page).not.toContain("Payouts are made by the Sannidhi team outside the portal");
    expect(await activeLinkedAccounts(db(), [temple.id, DEMO.templeId])).toEqual(
      new Map([
        [temple.id, linked.id],
        [DEMO.templeId, DEMO.accountId],
      ]),
    );

    // Razorpay suspends it; no webhook comes, Refresh asks.
    await gateway.setAccountStatus(linked.id!, "suspended");
    await gateway.acknowledgeWebhooks((await gateway.pendingWebhooks(linked.id!)).map((w) => w.id));
    expect((await first.post(path, { intent: "refresh-linked", templeId: String(temple.id) })).status).toBe(303);
    expect((await activationOf(temple.id))!.status).toBe("suspended");
    expect(await pageText(await first.get(path))).toContain("Payouts are made by the Sannidhi team outside the portal");
  });

  it("gets the new bank account when a change is approved, and the status Razorpay answers", async () => {
    const { temple, path, first, second } = await approvedTemple();
    expect((await first.post(path, { intent: "create-linked", templeId: String(temple.id) })).status).toBe(303);
    const linked = (await activationOf(temple.id))!;
    await gateway.setAccountStatus(linked.id!, "activated");
    await gateway.acknowledgeWebhooks((await gateway.pendingWebhooks(linked.id!)).map((w) => w.id));
    expect((await first.post(path, { intent: "refresh-linked", templeId: String(temple.id) })).status).toBe(303);

    const change = { accountNumber: "987654321012", accountNumberAgain: "987654321012", ifsc: "SBIN0070012" };
    expect((await second.post(path, details(temple.id, change))).status).toBe(303);
    const pending = (await pendingChange(temple.id))!;
    expect(
      (await first.post(path, { intent: "approve", templeId: String(temple.id), changeId: String(pending.id), note: "" })).status,
    ).toBe(303);
    const product = await fetch(
      `${(env as unknown as { RAZORPAY_API_BASE: string }).RAZORPAY_API_BASE.replace(/\/v1$/, "")}/__emulator/state`,
    ).then((r) => r.json() as Promise<{ route: { products: Record<string, { active_configuration: { settlements: unknown } }> } }>);
    expect(product.route.products[linked.product!]!.active_configuration.settlements).toEqual({
      account_number: "987654321012",
      ifsc_code: "SBIN0070012",
      beneficiary_name: "Sree Krishna Swamy Devaswom Trust",
    });
    expect((await activationOf(temple.id))!.status).toBe("activated");
  });

  it("shows Razorpay's refusal in its words, never a key", async () => {
    // Razorpay knows this e-mail already (a demo temple's linked account).
    const { temple, path, first } = await approvedTemple({ email: DEMO.email });
    const refused = await first.post(path, { intent: "create-linked", templeId: String(temple.id) });
    expect(refused.status).toBe(502);
    const text = await pageText(refused);
    expect(text).toContain(
      "Razorpay did not accept it. Razorpay refused the linked account (HTTP 400): Merchant email already exists for account",
    );
    expect(text).not.toContain((env as unknown as { RAZORPAY_KEY_SECRET: string }).RAZORPAY_KEY_SECRET);
    expect(text).not.toMatch(/at \w+ \(/);
    expect(await activationOf(temple.id)).toEqual({ id: null, product: null, status: null });
  });
});
