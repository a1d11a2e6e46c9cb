/** Rows for the fee tests: a fee rule and a booked line at a temple on a given India day, each removable. */
import { env } from "cloudflare:workers";

export async function feeRule(
  templeId: number,
  kind: "puja" | "donation",
  effectiveFrom: string,
  percentBasisPoints: number,
  fixedPaise = 0,
) {
  await env.DB.prepare(
    "insert into temple_fees (temple_id, kind, percent_basis_points, fixed_paise, effective_from) values (?, ?, ?, ?, ?)",
  )
    .bind(templeId, kind, percentBasisPoints, fixedPaise, effectiveFrom)
    .run();
}

let booked = 0;

/** One booking of one line (PUJA or DONATION) at the temple, made on `day` at 10:00 India time; returns its transaction id. */
export async function bookedLine(
  templeId: number,
  day: string,
  amount: number,
  options: { itemType?: "PUJA" | "DONATION"; counterPayment?: "cash" | "upi" | "upi_qr" } = {},
): Promise<number> {
  booked += 1;
  const stamp = `${Date.now().toString(36)}-${booked}`;
  const customer = await env.DB.prepare("select id from customers order by id limit 1").first<{ id: number }>();
  const tx = await env.DB.prepare(
    `insert into transactions (customer_id, booking_date, receipt_no, tracking_no, status, total, channel, counter_payment)
     values (?, ?, ?, ?, 0, ?, ?, ?) returning id`,
  )
    .bind(
      customer!.id,
      `${day}T10:00:00.000+05:30`,
      `SN-FEE-${stamp}`,
      `TRK-FEE-${stamp}`,
      amount,
      options.counterPayment ? "counter" : "online",
      options.counterPayment ?? null,
    )
    .first<{ id: number }>();
  const itemType = options.itemType ?? "PUJA";
  await env.DB.prepare(
    `insert into transaction_lines (transaction_id, item_type, temple_id, item_name, devotee_name, puja_date, quantity, amount)
     values (?, ?, ?, ?, 'Meera Iyer', ?, 1, ?)`,
  )
    .bind(tx!.id, itemType, templeId, itemType === "PUJA" ? "Archana" : "Annadanam Fund", itemType === "PUJA" ? day : null, amount)
    .run();
  return tx!.id;
}

/** Removes bookings made by `bookedLine` (their lines first). */
export async function removeBookings(ids: readonly number[]) {
  if (ids.length === 0) return;
  const list = ids.join(",");
  await env.DB.batch([
    env.DB.prepare(`delete from transaction_lines where transaction_id in (${list})`),
    env.DB.prepare(`delete from transactions where id in (${list})`),
  ]);
}
