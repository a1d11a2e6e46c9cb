/**
 * The counter's UPI QR sale: judged as a cash sale is, then the gateway's single-use QR code for the
 * exact amount (a gateway sale, gateway-sales.server.ts); the same form posted twice opens one code.
 */
import { and, eq, gte, like } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { paymentOrders } from "~/db/schema";
import { walkInAccountId } from "~/domain/accounts/walk-in.server";
import type { PaymentProvider } from "~/lib/payments/provider";
import type { PaymentOrderRow } from "../cart/checkout-payments.server";
import { COUNTER_MESSAGES as M, type CounterSaleInput } from "./counter-inputs";
import { prepareCounterSale } from "./counter-sales.server";
import { QR_LIFETIME_MS, startGatewaySale } from "./gateway-sales.server";

/** The QR sale this counter form already opened (the same form posted twice), or null. */
export async function findQrSaleOfForm(db: Database, templeId: number, saleKey: string, now = new Date()) {
  const since = new Date(now.getTime() - 2 * QR_LIFETIME_MS).toISOString();
  const [order] = await db
    .select()
    .from(paymentOrders)
    .where(
      and(
        eq(paymentOrders.templeId, templeId),
        eq(paymentOrders.kind, "counter_qr"),
        gte(paymentOrders.createdAt, since),
        like(paymentOrders.lines, `{"saleKey":${JSON.stringify(saleKey)},%`),
      ),
    )
    .limit(1);
  return order ?? null;
}

export type CounterQrStart = { ok: true; order: PaymentOrderRow } | { ok: false; field: string; message: string };

/** Opens the counter's UPI QR sale for a form (or answers the one it opened). */
export async function startCounterQrSale(
  db: Database,
  provider: PaymentProvider,
  staff: { id: number },
  templeId: number,
  input: CounterSaleInput,
  now = new Date(),
): Promise<CounterQrStart> {
  const earlier = await findQrSaleOfForm(db, templeId, input.saleKey, now);
  if (earlier) return { ok: true, order: earlier };
  const prepared = await prepareCounterSale(db, templeId, input, now);
  if (!prepared.ok) return prepared;
  const { sale } = prepared;
  const started = await startGatewaySale(
    db,
    provider,
    {
      kind: "counter_qr",
      sale,
      saleKey: input.saleKey,
      customerId: await walkInAccountId(db),
      placedBy: staff.id,
      description: sale.line.itemName,
    },
    now,
  );
  return started.ok ? started : { ok: false, field: "payment", message: M.gateway };
}

/** A counter QR sale of this temple, or null. */
export async function findCounterQrSale(db: Database, templeId: number, orderId: number) {
  const [order] = await db
    .select()
    .from(paymentOrders)
    .where(and(eq(paymentOrders.id, orderId), eq(paymentOrders.templeId, templeId), eq(paymentOrders.kind, "counter_qr")))
    .limit(1);
  return order ?? null;
}
