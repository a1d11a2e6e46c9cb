/**
 * The booking POST that `npm run bench` and `npm run profile -- --booking` send: verified
 * devotees written straight into the bench's D1, each with an empty cart (a cart holds 50
 * lines), signed in through the login form, taking turns; and a direct puja of the temple site
 * on a day it is offered (found by booking it once).
 */
import type { Miniflare } from "miniflare";
import { hashPassword } from "../app/lib/password.server.ts";
import { signIn } from "./bench-worker.ts";

const FORM = { "content-type": "application/x-www-form-urlencoded" };

export interface BookingPost {
  /** The form's body (a puja for one devotee on one day). */
  body: string;
  /** The request's headers but the cookie (each devotee's). */
  headers: Record<string, string>;
  /** One session cookie per devotee. */
  cookies: string[];
  /** Empties the devotees' carts. */
  clearCarts: () => Promise<unknown>;
}

export async function prepareBookingPost(mf: Miniflare, base: string, site: string, devotees: number): Promise<BookingPost> {
  const db = await mf.getD1Database("DB");
  const password = "Bench@2026";
  const hash = await hashPassword(password);
  const cookies: string[] = [];
  for (let i = 0; i < devotees; i++) {
    const email = `bench-${i}@bench.sannidhi.example`;
    await db
      .prepare(
        "insert into customers (email, first_name, password_hash, verified) values (?, ?, ?, 1) on " +
          "conflict(email) do update set password_hash = excluded.password_hash",
      )
      .bind(email, `Bench ${i}`, hash)
      .run();
    cookies.push(await signIn(base, email, password));
  }
  const clearCarts = () =>
    db
      .prepare("delete from cart_items where customer_id in (select id from customers where email like 'bench-%@bench.sannidhi.example')")
      .run();
  await clearCarts();
  const puja = await db
    .prepare(
      "select tp.id from temple_pujas tp join temples t on t.id = tp.temple_id where t.slug = ? and " +
        "tp.active = 1 and tp.booking_mode = 'direct' order by tp.id limit 1",
    )
    .bind(site.slice(3))
    .first<{ id: number }>();
  if (!puja) throw new Error(`bench: ${site} has no direct puja to book`);
  const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Kolkata" }).format(new Date());
  for (let day = 7; day < 21; day++) {
    const date = new Date(Date.parse(`${today}T00:00:00Z`) + day * 86_400_000).toISOString().slice(0, 10);
    const body = new URLSearchParams({
      form: "puja",
      templePujaId: String(puja.id),
      "devotees[0].name": "Meera Iyer",
      "devotees[0].starId": "4",
      "dates[0]": date,
      quantity: "1",
    }).toString();
    const response = await fetch(base + site, {
      method: "POST",
      redirect: "manual",
      headers: { ...FORM, origin: base, cookie: cookies[0]! },
      body,
    });
    await response.arrayBuffer();
    if (response.status === 303) {
      await clearCarts();
      return { body, headers: { ...FORM, origin: base }, cookies, clearCarts };
    }
  }
  throw new Error(`bench: no day in the next three weeks could be booked at ${site}`);
}
