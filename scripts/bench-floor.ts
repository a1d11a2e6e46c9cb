/**
 * The booking POST's floor (issue 44): a second, tiny Worker in the bench's Miniflare, on the
 * same D1 and KV (the same state), with no application code. For the same form post from the
 * same signed-in devotees it does only what a booking must ask the stores: one KV get (the
 * session, under the SHA-256 of the cookie's id, as app/lib/session.server.ts keys it), one D1
 * batch of the six selects the booking batches (the session's customer, the puja with its
 * temple, the devotees' stars, the cart's lines, the postal address, the puja's release rules:
 * the same tables and indexes), and one insert, into a scratch table of the bench's own. It
 * asks them as the application does, through D1's Sessions API (app/lib/d1-session.server.ts: a
 * write opens `withSession` on the bookmark the devotee's cookie carries, else "first-primary",
 * and its answer carries the session's new bookmark), and answers 303 as the booking does. The
 * bench measures it right beside the booking POST; their ratio says how much of the booking's
 * time is anything but the stores.
 */
import type { Miniflare } from "miniflare";

/** Where the floor answers (routed to its Worker by Miniflare, before the application's). */
export const FLOOR_PATH = "/__bench/booking-floor";
const SCRATCH = "bench_floor_lines";

const SCRIPT = `
const hex = (buffer) => [...new Uint8Array(buffer)].map((b) => b.toString(16).padStart(2, "0")).join("");
export default {
  async fetch(request, env) {
    const id = /(?:^|;\\s*)sn_session=([A-Za-z0-9_-]{43})/.exec(request.headers.get("cookie") ?? "")?.[1];
    const form = new URLSearchParams(await request.text());
    if (!id) return new Response("no session", { status: 401 });
    const key = "session:" + hex(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(id)));
    const record = await env.SESSIONS.get(key, "json");
    if (!record) return new Response("no session", { status: 401 });
    const customer = record.customerId;
    const bookmark = /(?:^|;\\s*)d1_bookmark=([0-9a-f-]{3,600})/i.exec(request.headers.get("cookie") ?? "")?.[1];
    const db = env.DB.withSession(bookmark ?? "first-primary");
    const puja = Number(form.get("templePujaId"));
    const star = Number(form.get("devotees[0].starId"));
    const [customers, pujas, stars] = await db.batch([
      db.prepare("select id, email, first_name, password_hash, language, role from customers where id = ? limit 1").bind(customer),
      db.prepare(
        "select tp.id, tp.temple_id, p.id, p.name, p.description, tp.rate, tp.postal_charge, tp.booking_mode, tp.days_offered, " +
          "tp.daily_capacity, tp.per_devotee_limit, tp.counter_kept, tp.online_kept, " +
          "exists (select 1 from puja_capacity_rules r where r.temple_puja_id = tp.id) " +
          "from temple_pujas tp join temples t on t.id = tp.temple_id join pujas p on p.id = tp.puja_id " +
          "where tp.active = 1 and tp.id = ? and t.online_booking = 1 and t.verified = 1 limit 1",
      ).bind(puja),
      db.prepare("select id from stars where id in (?)").bind(star),
      db.prepare("select count(*) as n from cart_items where customer_id = ?").bind(customer),
      db.prepare("select id from addresses where id = ? and customer_id = ? limit 1").bind(0, customer),
      db.prepare(
        "select * from puja_releases where temple_id in (select temple_id from temple_pujas where id in (select id from temple_pujas where id = ?)) " +
          "and (temple_puja_id is null or temple_puja_id in (select id from temple_pujas where id = ?)) order by id",
      ).bind(puja, puja),
    ]);
    if (!customers.results.length || !pujas.results.length || !stars.results.length) return new Response("unknown", { status: 400 });
    await db.prepare("insert into ${SCRATCH} (customer_id, temple_puja_id, devotee_name, star_id, puja_date) values (?, ?, ?, ?, ?)")
      .bind(customer, puja, form.get("devotees[0].name"), star, form.get("dates[0]"))
      .run();
    const headers = new Headers({ location: "/t/x?added=puja#book-puja" });
    const latest = db.getBookmark();
    if (latest && latest !== bookmark) headers.append("set-cookie", "d1_bookmark=" + latest + "; Path=/; Max-Age=300; HttpOnly; SameSite=Lax");
    return new Response(null, { status: 303, headers });
  },
};
`;

/** The floor's Worker, for `startWorker`'s `alongside` (the bindings are the built config's, as the application's). */
export function floorWorker(bindings: { d1Databases: Record<string, string>; kvNamespaces: Record<string, string> }) {
  return {
    name: "booking-floor",
    modules: [{ type: "ESModule" as const, path: "booking-floor.js", contents: SCRIPT }],
    routes: [`127.0.0.1${FLOOR_PATH}*`],
    ...bindings,
  };
}

/** The floor's scratch table (the bench's own: no application code reads it), empty; returns how to drop it. */
export async function prepareFloor(mf: Miniflare) {
  const db = await mf.getD1Database("DB");
  await db.exec(`drop table if exists ${SCRATCH}`);
  await db.exec(
    `create table ${SCRATCH} (id integer primary key, customer_id integer not null, temple_puja_id integer not null, ` +
      "devotee_name text not null, star_id integer, puja_date text not null)",
  );
  // Indexed as the cart's lines are by customer, so the insert costs what a cart line's does.
  await db.exec(`create index ${SCRATCH}_customer on ${SCRATCH} (customer_id)`);
  return () => db.exec(`drop table if exists ${SCRATCH}`);
}
