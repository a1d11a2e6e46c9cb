/**
 * A puja of a test's own at a temple (the counter's, the quota's, the gateway sales' tests): new
 * rows, so no seeded puja another test reads is changed; withdrawn (inactive) when the test ends.
 */
import { env } from "cloudflare:workers";
import { onTestFinished } from "vitest";

/** A direct puja offered every day, `capacity` seats a day (null: unlimited), at `rate` paise; named `label` + a tag. */
export async function ownPuja(templeId: number, options: { capacity?: number | null; rate?: number; label?: string } = {}) {
  const { capacity = null, rate = 25100, label = "Counter Puja" } = options;
  const name = `${label} ${crypto.randomUUID().slice(0, 8)}`;
  const puja = await env.DB.prepare("insert into pujas (name) values (?) returning id").bind(name).first<{ id: number }>();
  const row = await env.DB.prepare(
    `insert into temple_pujas (temple_id, puja_id, rate, postal_charge, booking_mode, days_offered, active, daily_capacity)
     values (?, ?, ?, 0, 'direct', '0123456', 1, ?) returning id`,
  )
    .bind(templeId, puja!.id, rate, capacity)
    .first<{ id: number }>();
  onTestFinished(async () => {
    await env.DB.prepare("update temple_pujas set active = 0 where id = ?").bind(row!.id).run();
  });
  return { id: row!.id, name };
}
