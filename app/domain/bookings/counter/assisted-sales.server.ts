/**
 * Assisted temples (the spec's isAssisted): the portal's operators book for a devotee who phones
 * in. The sale is judged as at the counter, then paid by a payment link the devotee is sent by
 * e-mail (and by the phone channels they allowed, when they have an account); it is booked, channel
 * "assisted" and sold by the operator, when the link is paid (ledger: webhook or reconciliation),
 * under the devotee's account when one has that e-mail, else the walk-in account with the contact
 * kept on the payment order.
 */
import { and, desc, eq, ne } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { customers, paymentOrders, temples, transactions } from "~/db/schema";
import { walkInAccountId } from "~/domain/accounts/walk-in.server";
import { notify } from "~/domain/notifications/notify.server";
import { formatRupees } from "~/domain/text";
import type { AppEnv } from "~/lib/env.server";
import type { PaymentProvider } from "~/lib/payments/provider";
import { m } from "~/paraglide/messages";
import { ASSISTED_MESSAGES, type AssistedSaleInput } from "./assisted-inputs";
import { prepareCounterSale } from "./counter-sales.server";
import { gatewaySaleOf, type SaleContact, startGatewaySale } from "./gateway-sales.server";

/** The temples operators may book for, by name. */
export function assistedTemples(db: Database) {
  return db.select({ id: temples.id, name: temples.name }).from(temples).where(eq(temples.isAssisted, true)).orderBy(temples.name);
}

export type AssistedStart = { ok: true; orderId: number; payUrl: string; sent: boolean } | { ok: false; field: string; message: string };

/** Books for a devotee at an assisted temple: a payment link for the exact amount, sent to the devotee. */
export async function startAssistedBooking(
  env: AppEnv,
  db: Database,
  provider: PaymentProvider,
  operator: { id: number },
  input: AssistedSaleInput,
  now = new Date(),
): Promise<AssistedStart> {
  const [temple] = await db
    .select({ id: temples.id, name: temples.name })
    .from(temples)
    .where(and(eq(temples.id, input.templeId), eq(temples.isAssisted, true)))
    .limit(1);
  if (!temple) return { ok: false, field: "templeId", message: ASSISTED_MESSAGES.temple };
  const prepared = await prepareCounterSale(db, temple.id, input, now);
  if (!prepared.ok) return prepared;
  const { sale } = prepared;
  const [account] = await db
    .select({ id: customers.id })
    .from(customers)
    .where(and(eq(customers.email, input.email), ne(customers.role, "walkin")))
    .limit(1);
  const contact: SaleContact = { name: input.name, email: input.email, phone: input.phone };
  const started = await startGatewaySale(
    db,
    provider,
    {
      kind: "payment_link",
      sale,
      saleKey: null,
      customerId: account?.id ?? (await walkInAccountId(db)),
      placedBy: operator.id,
      description: `${sale.line.itemName} · ${temple.name}`,
      contact,
    },
    now,
  );
  if (!started.ok) return { ok: false, field: "email", message: ASSISTED_MESSAGES.gateway };
  const { order } = started;
  const payUrl = order.payUrl ?? "";
  const sent = await notify(env, db, {
    kind: "payment-link",
    to: account ? { customerId: account.id } : { email: contact.email, firstName: contact.name },
    about: { templeId: temple.id },
    params: {
      templeName: temple.name,
      itemName: sale.line.itemName,
      amount: sale.total,
      url: payUrl,
      expires: (order.expiresAt ?? "").slice(0, 10),
    },
    link: () => ({ href: payUrl, label: m.notify_payment_link_pay({ amount: formatRupees(sale.total) }) }),
    dedupeKey: `payment-link:${order.id}`,
  });
  return { ok: true, orderId: order.id, payUrl, sent };
}

export interface AssistedBooking {
  id: number;
  createdAt: string;
  templeName: string;
  itemName: string;
  amount: number;
  contact: SaleContact | null;
  status: "created" | "paid" | "expired" | "refund" | "failed";
  payUrl: string | null;
  trackingNo: string | null;
}

/** The latest assisted bookings, newest first, with what became of each link. */
export async function listAssistedBookings(db: Database, limit = 50): Promise<AssistedBooking[]> {
  const rows = await db
    .select({ order: paymentOrders, templeName: temples.name, trackingNo: transactions.trackingNo })
    .from(paymentOrders)
    .leftJoin(temples, eq(temples.id, paymentOrders.templeId))
    .leftJoin(transactions, eq(transactions.paymentOrderId, paymentOrders.id))
    .where(eq(paymentOrders.kind, "payment_link"))
    .orderBy(desc(paymentOrders.id))
    .limit(limit);
  return rows.map(({ order, templeName, trackingNo }) => ({
    id: order.id,
    createdAt: order.createdAt,
    templeName: templeName ?? "",
    itemName: gatewaySaleOf(order).sale.line.itemName,
    amount: order.amount,
    contact: order.contact ? (JSON.parse(order.contact) as SaleContact) : null,
    status: order.status === "cancelled" ? "expired" : order.status,
    payUrl: order.payUrl,
    trackingNo,
  }));
}

/** The open links (at most `limit`), for the operator's "ask the gateway". */
export function openAssistedOrders(db: Database, limit = 10) {
  return db
    .select()
    .from(paymentOrders)
    .where(and(eq(paymentOrders.kind, "payment_link"), eq(paymentOrders.status, "created")))
    .orderBy(paymentOrders.id)
    .limit(limit);
}
