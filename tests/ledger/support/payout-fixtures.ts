/**
 * Route transfer tests' fixtures (issue 43): temples with a linked account activated at the
 * emulator (the row P1's console writes, inserted here), a fee rule, a puja offered every day and
 * a donation purpose, a devotee's mixed cart paid at the emulator and booked. Every row that
 * changes what other tests see (a payout account, a fee rule) is removed when the test finishes.
 */
import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { expect, onTestFinished } from "vitest";
import { createDb } from "~/db/client.server";
import { addPujaToBookingList } from "~/domain/bookings/cart/booking-list.server";
import { addDays, nextOfferedDay } from "~/domain/bookings/cart/inputs";
import { addDonationToCart } from "~/domain/bookings/cart/cart.server";
import { startCheckout } from "~/domain/bookings/cart/checkout.server";
import { completePayment } from "~/domain/ledger/captured-payments.server";
import type { Payouts } from "~/domain/ledger/payout-transfers.server";
import { todayInIndia } from "~/lib/india-time";
import { razorpayRoute } from "~/lib/payments/razorpay-route.server";
import { razorpayProvider } from "~/lib/payments/razorpay.server";
import worker from "../../../workers/app";
import { type PendingWebhook, razorpayEmulator } from "../../support/razorpay-emulator";

const config = env as unknown as Record<
  "RAZORPAY_KEY_ID" | "RAZORPAY_KEY_SECRET" | "RAZORPAY_WEBHOOK_SECRET" | "RAZORPAY_API_BASE",
  string
>;
const keys = {
  keyId: config.RAZORPAY_KEY_ID,
  keySecret: config.RAZORPAY_KEY_SECRET,
  webhookSecret: config.RAZORPAY_WEBHOOK_SECRET,
  apiBase: config.RAZORPAY_API_BASE,
};
export const provider = razorpayProvider(keys);
export const route = razorpayRoute(keys);
export const gateway = razorpayEmulator(config.RAZORPAY_API_BASE);
export const payouts: Payouts = { route, holdDays: 3 };
export const db = () => createDb(env.DB);
const uid = () => crypto.randomUUID().replace(/-/g, "").slice(0, 12);

export interface TestTemple {
  id: number;
  accountId: string | null;
  pujaId: number;
  purposeId: number;
}

/**
 * A verified online temple of no other test's payouts, with a new puja (₹500, every day) and a
 * donation purpose; `linked`: its linked account created and activated at the emulator; a 5% fee
 * on pujas and none on donations.
 */
export async function payoutTemple(linked: boolean, templeId?: number): Promise<TestTemple> {
  // A temple asked for by id may have the seed's activated linked account (the demo temples): it is used as it is.
  const seeded =
    templeId === undefined
      ? null
      : await env.DB.prepare("select linked_account_id from temple_payout_accounts where temple_id = ? and activation_status = 'activated'")
          .bind(templeId)
          .first<{ linked_account_id: string }>();
  if (seeded && !linked) throw new Error(`temple ${templeId} has the seed's linked account`);
  const pair = await env.DB.prepare(
    `select t.id as temple_id, p.id as puja_id from temples t, pujas p
     where t.online_booking = 1 and t.verified = 1 and (?1 is null or t.id = ?1)
       and (?1 is not null or not exists (select 1 from temple_payout_accounts a where a.temple_id = t.id))
       and not exists (select 1 from temple_pujas tp where tp.temple_id = t.id and tp.puja_id = p.id)
     order by random() limit 1`,
  )
    .bind(templeId ?? null)
    .first<{ temple_id: number; puja_id: number }>();
  const chosen = pair!.temple_id;
  const puja = await env.DB.prepare(
    `insert into temple_pujas (temple_id, puja_id, rate, postal_charge, booking_mode, days_offered, active)
     values (?, ?, 50000, 0, 'direct', '0123456', 1) returning id`,
  )
    .bind(chosen, pair!.puja_id)
    .first<{ id: number }>();
  const purpose = await env.DB.prepare("insert into donation_purposes (temple_id, name) values (?, ?) returning id")
    .bind(chosen, `Annadanam ${uid()}`)
    .first<{ id: number }>();
  // The newest rule of today wins over the seed's: 5% on pujas, none on donations.
  const fees = await env.DB.prepare(
    `insert into temple_fees (temple_id, kind, percent_basis_points, fixed_paise, effective_from)
     values (?1, 'puja', 500, 0, ?2), (?1, 'donation', 0, 0, ?2) returning id`,
  )
    .bind(chosen, todayInIndia())
    .all<{ id: number }>();
  onTestFinished(async () => {
    await env.DB.batch([
      ...fees.results.map((fee) => env.DB.prepare("delete from temple_fees where id = ?").bind(fee.id)),
      ...(seeded ? [] : [env.DB.prepare("delete from temple_payout_accounts where temple_id = ?").bind(chosen)]),
      env.DB.prepare("update temple_pujas set active = 0 where id = ?").bind(puja!.id),
      env.DB.prepare("update donation_purposes set active = 0 where id = ?").bind(purpose!.id),
    ]);
  });
  let accountId: string | null = seeded?.linked_account_id ?? null;
  if (linked && !seeded) {
    const reference = `temple_${chosen}_${uid()}`;
    const account = await route.createLinkedAccount({
      email: `${reference}@temples.example`,
      phone: "9876543210",
      referenceId: reference,
      legalBusinessName: "Sree Temple Devaswom Trust",
      businessType: "trust",
      contactName: "Parvathi Menon",
    });
    await route.configureRoute(account.id, {
      accountNumber: "50100123456789",
      ifscCode: "HDFC0001234",
      beneficiaryName: "Sree Temple Trust",
    });
    await gateway.setAccountStatus(account.id, "activated");
    await gateway.acknowledgeWebhooks((await gateway.pendingWebhooks(account.id)).map((w) => w.id));
    accountId = account.id;
    await env.DB.prepare(
      `insert into temple_payout_accounts (temple_id, legal_name, contact_name, email, phone, beneficiary_name, account_number, ifsc,
         linked_account_id, activation_status, status_at) values (?, 'Sree Temple Devaswom Trust', 'Parvathi Menon', ?, '9876543210',
         'Sree Temple Trust', '50100123456789', 'HDFC0001234', ?, 'activated', '2020-01-01T00:00:00.000Z')`,
    )
      .bind(chosen, `${reference}@temples.example`, account.id)
      .run();
  }
  return { id: chosen, accountId, pujaId: puja!.id, purposeId: purpose!.id };
}

export async function newDevotee(): Promise<number> {
  const row = await env.DB.prepare("insert into customers (email, first_name, password_hash) values (?, ?, ?) returning id")
    .bind(`payouts-${uid()}@example.com`, "Meera", "not-a-hash")
    .first<{ id: number }>();
  return row!.id;
}

/** The next day a week ahead (every day is offered). */
export const pujaDay = (weeksAhead = 1) => nextOfferedDay("0123456", addDays(todayInIndia(), 7 * weeksAhead))!;

export type CartItem = { puja: TestTemple; day?: string } | { donation: TestTemple; rupees: number };

/** A devotee's cart of these items, checked out and paid at the emulator, booked by the callback. */
export async function paidCart(items: CartItem[], now = new Date()) {
  const customerId = await newDevotee();
  for (const item of items) {
    const added =
      "puja" in item
        ? await addPujaToBookingList(db(), customerId, {
            templePujaId: item.puja.pujaId,
            devotees: [{ name: "Meera Iyer", starId: 1 }],
            dates: [item.day ?? pujaDay()],
            quantity: 1,
            postal: false,
            addressId: null,
          })
        : await addDonationToCart(db(), customerId, {
            donationPurposeId: item.donation.purposeId,
            amount: item.rupees * 100,
            devoteeName: "Meera Iyer",
          });
    expect(added).toMatchObject({ ok: true });
  }
  const started = await startCheckout(db(), provider, customerId, now);
  if (!started.ok) throw new Error(started.message);
  const paid = await gateway.pay(started.providerOrderId);
  const result = await completePayment(
    db(),
    provider,
    { providerOrderId: started.providerOrderId, paymentId: paid.razorpay_payment_id, signature: paid.razorpay_signature },
    now,
  );
  expect(result.status).toBe("paid");
  return { customerId, orderId: started.providerOrderId, paymentId: paid.razorpay_payment_id, amount: started.amount };
}

export interface TransferRow {
  id: number;
  transaction_line_id: number;
  temple_id: number;
  kind: string;
  booked: number;
  fee: number;
  gst: number;
  amount: number;
  status: string;
  transfer_ref: string | null;
  on_hold: number;
  hold_until: string | null;
  release_reason: string | null;
  released_at: string | null;
  settlement_ref: string | null;
  utr: string | null;
  reversed_amount: number;
  last_error: string | null;
}

export async function transferRows(paymentRef: string): Promise<TransferRow[]> {
  const { results } = await env.DB.prepare("select * from payout_transfers where payment_ref = ? order by transaction_line_id")
    .bind(paymentRef)
    .all<TransferRow>();
  return results;
}

export async function linesOf(paymentRef: string) {
  const { results } = await env.DB.prepare(
    `select l.id, l.temple_id, l.item_type, l.puja_status, l.puja_date from transaction_lines l
     join transactions t on t.id = l.transaction_id where t.payment_ref = ? order by l.id`,
  )
    .bind(paymentRef)
    .all<{ id: number; temple_id: number; item_type: string; puja_status: string; puja_date: string | null }>();
  return results;
}

/** Posts a webhook through the Worker itself, waiting for its work after the answer. */
export async function postWebhook(webhook: Pick<PendingWebhook, "headers" | "body">) {
  const ctx = createExecutionContext();
  const response = await worker.fetch(
    new Request("http://localhost/payments/webhook", { method: "POST", headers: webhook.headers, body: webhook.body }) as Parameters<
      typeof worker.fetch
    >[0],
    env,
    ctx,
  );
  await waitOnExecutionContext(ctx);
  return { status: response.status, body: await response.text() };
}
