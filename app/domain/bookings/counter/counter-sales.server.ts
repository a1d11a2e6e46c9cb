/**
 * A sale at the temple's counter: one booking like an online one (a transaction with its receipt
 * and tracking numbers, lines with the devotees' names, stars and gotra), marked as sold at the
 * counter, by whom and how it was paid. Its puja lines take their seats through the same
 * conditional write as a paid online order (`bookedLineSeatsStatement`), so a counter sale and
 * an online checkout racing for the last seat cannot both win. The form's one-time key is unique
 * on the transaction: the same form posted twice sells once and answers the first sale.
 */
import { and, eq, type SQL, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { isUniqueViolation, runBatch } from "~/db/batch.server";
import type { Database } from "~/db/client.server";
import { donationPurposes, templePujas, transactionLines, transactions } from "~/db/schema";
import { walkInAccountId } from "~/domain/accounts/walk-in.server";
import { todayInIndia } from "~/lib/india-time";
import { pujasOnOffer } from "../cart/booking-list.server";
import { newBookingIdentity } from "../cart/checkout-payments.server";
import { addDays, BOOKING_HORIZON_DAYS, offeredOn } from "../cart/inputs";
import { bookedLineSeatsStatement, leftForChannel, loadCapacities, seatRefusal, seatsTakenOn, takenOf } from "../seats/seats.server";
import { COUNTER_MESSAGES as M, type CounterSaleInput, parseCounterItem } from "./counter-inputs";
import { openShiftId, openShiftStatement } from "./shifts.server";

export interface CounterSale {
  trackingNo: string;
  receiptNo: string;
  total: number;
}

export type CounterSaleResult = { ok: true; sale: CounterSale; repeated: boolean } | { ok: false; field: string; message: string };

/** The sale a form's key made at this temple, or null. */
export async function findCounterSale(db: Database, templeId: number, saleKey: string): Promise<CounterSale | null> {
  const [sale] = await db
    .select({ trackingNo: transactions.trackingNo, receiptNo: transactions.receiptNo, total: transactions.total })
    .from(transactions)
    .innerJoin(transactionLines, eq(transactionLines.transactionId, transactions.id))
    .where(and(eq(transactions.saleKey, saleKey), eq(transactionLines.templeId, templeId)))
    .limit(1);
  return sale ?? null;
}

export interface SaleLine {
  itemType: "PUJA" | "DONATION";
  templePujaId: number | null;
  donationPurposeId: number | null;
  itemName: string;
  pujaDate: string | null;
  amount: number;
}

/** What the input sells at this temple (a puja on a day it can be sold, or a donation), or why not. */
async function saleItem(db: Database, templeId: number, input: Pick<CounterSaleInput, "item" | "pujaDate" | "amount">, today: string) {
  const { kind, id } = parseCounterItem(input.item);
  if (kind === "donation") {
    const [purpose] = await db
      .select({ id: donationPurposes.id, name: donationPurposes.name })
      .from(donationPurposes)
      .where(and(eq(donationPurposes.id, id), eq(donationPurposes.templeId, templeId), eq(donationPurposes.active, true)))
      .limit(1);
    if (!purpose) return { problem: { field: "item", message: M.item } };
    const line: SaleLine = {
      itemType: "DONATION",
      templePujaId: null,
      donationPurposeId: purpose.id,
      itemName: purpose.name,
      pujaDate: null,
      amount: input.amount ?? 0,
    };
    return { line, seats: null };
  }
  const [puja] = await pujasOnOffer(db, and(eq(templePujas.id, id), eq(templePujas.templeId, templeId))).limit(1);
  if (!puja) return { problem: { field: "item", message: M.item } };
  const day = input.pujaDate ?? "";
  // The counter sells for today too (a walk-in's puja), and the days online sells.
  if (day < today || day > addDays(today, BOOKING_HORIZON_DAYS) || !offeredOn(puja.daysOffered, day)) {
    return { problem: { field: "pujaDate", message: M.day } };
  }
  const line: SaleLine = {
    itemType: "PUJA",
    templePujaId: puja.id,
    donationPurposeId: null,
    itemName: puja.name,
    pujaDate: day,
    amount: puja.rate,
  };
  return { line, seats: { templePujaId: puja.id, day } };
}

/** The day's seats and the devotee's limit against the sale, by what is taken now (the trigger decides for real). */
async function seatProblem(db: Database, seats: { templePujaId: number; day: string }, wanted: number, now: Date) {
  const [capacities, taken] = await Promise.all([
    loadCapacities(db, [seats.templePujaId]),
    seatsTakenOn(db, [{ templePujaId: seats.templePujaId, pujaDate: seats.day }], null, now),
  ]);
  const settings = capacities.get(seats.templePujaId);
  if (!settings) return null;
  if (settings.perDevoteeLimit !== null && wanted > settings.perDevoteeLimit) {
    return { field: "quantity", message: M.devoteeLimit(settings.perDevoteeLimit) };
  }
  const left = leftForChannel(settings, takenOf(taken, seats.templePujaId, seats.day), seats.day, "counter");
  if (left !== null && wanted > left) return { field: "pujaDate", message: M.dayFull(left) };
  return null;
}

/** The sale as judged when it was made, frozen: what a gateway-paid sale books once it is paid. */
export interface FrozenCounterSale {
  templeId: number;
  line: SaleLine;
  devotees: { name: string; starId: number; gotra?: string | null }[];
  quantity: number;
  total: number;
  phone: string | null;
}

/** What a counter sale's input sells at `templeId` now (seats checked by what is taken now), or why not. */
export async function prepareCounterSale(
  db: Database,
  templeId: number,
  input: Pick<CounterSaleInput, "item" | "pujaDate" | "devotees" | "quantity" | "amount" | "phone">,
  now = new Date(),
): Promise<{ ok: true; sale: FrozenCounterSale } | { ok: false; field: string; message: string }> {
  const item = await saleItem(db, templeId, input, todayInIndia(now));
  if (item.problem) return { ok: false, ...item.problem };
  const { line } = item;
  // A donation is one gift in the first devotee's name; a puja is a line per devotee.
  const devotees = line.itemType === "DONATION" ? input.devotees.slice(0, 1) : input.devotees;
  const quantity = line.itemType === "DONATION" ? 1 : input.quantity;
  if (item.seats) {
    const problem = await seatProblem(db, item.seats, devotees.length * quantity, now);
    if (problem) return { ok: false, ...problem };
  }
  const total = devotees.length * quantity * line.amount;
  return { ok: true, sale: { templeId, line, devotees, quantity, total, phone: input.phone || null } };
}

/** Who a frozen sale is booked for and how it was paid: the columns a counter or assisted sale sets. */
export interface SaleBooking {
  customerId: number;
  soldBy: number;
  channel: "counter" | "assisted";
  counterPayment: "cash" | "upi" | "upi_qr" | null;
  counterPaymentRef: string | null;
  saleKey: string;
  paymentProvider: string;
  /** A gateway-paid sale's payment and payment order. */
  paymentRef?: string;
  paymentOrderId?: number;
  /** A counter sale takes counter seats; an assisted booking takes online ones. */
  seatKind: "counter" | "booked";
  /** The counter shift whose cash book shows the sale (`openShiftId`, opened in the same batch). */
  counterShiftId?: SQL<number> | null;
}

/** The statements that book a frozen sale (transaction, lines, seats), for one batch: the trigger refuses it if a day is full. */
export function saleStatements(db: Database, sale: FrozenCounterSale, booking: SaleBooking, now: Date) {
  const saleId = sql`(select ${transactions.id} from ${transactions} where ${transactions.saleKey} = ${booking.saleKey})`;
  return [
    db.insert(transactions).values({
      ...newBookingIdentity(now),
      customerId: booking.customerId,
      status: 0,
      total: sale.total,
      paymentProvider: booking.paymentProvider,
      paymentRef: booking.paymentRef ?? null,
      paymentOrderId: booking.paymentOrderId ?? null,
      channel: booking.channel,
      soldBy: booking.soldBy,
      counterPayment: booking.counterPayment,
      counterPaymentRef: booking.counterPaymentRef,
      counterPhone: sale.phone,
      saleKey: booking.saleKey,
      counterShiftId: booking.counterShiftId ?? null,
    }),
    // At most MAX_DEVOTEES lines of 12 values: one statement stays under D1's 100 parameters.
    ...sale.devotees.map((devotee) =>
      db.insert(transactionLines).values({
        transactionId: saleId,
        templeId: sale.templeId,
        ...sale.line,
        devoteeName: devotee.name,
        starId: devotee.starId,
        gotra: devotee.gotra || null,
        quantity: sale.quantity,
      }),
    ),
    bookedLineSeatsStatement(
      db,
      { transactionId: saleId, customerId: booking.customerId, kind: booking.seatKind, paymentOrderId: booking.paymentOrderId ?? null },
      now,
    ),
  ] as const;
}

/**
 * Sells at the counter of `templeId` (the caller has checked that `staff` may sell there): one
 * batch writes the transaction, its lines and their seats, or nothing.
 */
export async function sellAtCounter(
  db: Database,
  staff: { id: number },
  templeId: number,
  input: CounterSaleInput,
  now = new Date(),
  /** Written with the sale or not at all: its receipt's message (`counter-notices.server.ts`). */
  alsoInBatch: BatchItem<"sqlite">[] = [],
): Promise<CounterSaleResult> {
  const earlier = await findCounterSale(db, templeId, input.saleKey);
  if (earlier) return { ok: true, sale: earlier, repeated: true };
  const prepared = await prepareCounterSale(db, templeId, input, now);
  if (!prepared.ok) return prepared;
  const walkIn = await walkInAccountId(db);
  const booking: SaleBooking = {
    customerId: walkIn,
    soldBy: staff.id,
    channel: "counter",
    counterPayment: input.payment === "upi_qr" ? "upi_qr" : input.payment,
    counterPaymentRef: input.payment === "upi" ? (input.upiRef ?? null) : null,
    saleKey: input.saleKey,
    paymentProvider: "counter",
    seatKind: "counter",
  };
  try {
    await runBatch(db, [
      // A sale never fails for want of a shift: the staff member's first sale opens one (float ₹0).
      openShiftStatement(db, templeId, staff.id, 0, now),
      ...saleStatements(db, prepared.sale, { ...booking, counterShiftId: openShiftId(templeId, staff.id) }, now),
      ...alsoInBatch,
    ]);
  } catch (error) {
    if (isUniqueViolation(error)) {
      const first = await findCounterSale(db, templeId, input.saleKey);
      if (first) return { ok: true, sale: first, repeated: true };
      return { ok: false, field: "saleKey", message: M.saleKey };
    }
    if (seatRefusal(error)) return { ok: false, field: "pujaDate", message: M.dayFull(0) };
    throw error;
  }
  const sale = await findCounterSale(db, templeId, input.saleKey);
  return { ok: true, sale: sale!, repeated: false };
}
