/** Shared steps of the tests of what devotees, staff and operators see of messages: rows to look at, pages to read. */
import { env } from "cloudflare:workers";
import { expect } from "vitest";
import { hashPassword } from "~/lib/password.server";
import { signIn, TestBrowser, uniqueEmail } from "../../support/browser";
import { get } from "../../support/public";

export interface MessageRow {
  kind: string;
  channel: "email" | "sms" | "whatsapp";
  status: "queued" | "sent" | "delivered" | "read" | "failed";
  recipient: string;
  /** ISO; now unless given. */
  createdAt: string;
  trackingNo: string | null;
  templeId: number | null;
  lineId: number | null;
  params: Record<string, unknown>;
  attempts: number;
  lastError: string | null;
  /** What was sent (null: composed when sent). */
  subject: string | null;
  text: string | null;
}

/** A message row as the notifications core writes it (its id back), for `customerId` (null: to an address). */
export async function addMessage(customerId: number | null, row: Partial<MessageRow> = {}): Promise<string> {
  const id = crypto.randomUUID();
  const full = {
    kind: "receipt",
    channel: "email",
    status: "sent",
    recipient: `${id.slice(0, 8)}@example.org`,
    createdAt: new Date().toISOString(),
    trackingNo: null,
    templeId: null,
    lineId: null,
    params: {},
    attempts: 1,
    lastError: null,
    subject: null,
    text: null,
    ...row,
  };
  await env.DB.prepare(
    `insert into notifications (id, customer_id, kind, channel, recipient, language, params, tracking_no, temple_id, line_id, status,
       attempts, last_error, subject, text, created_at, updated_at)
     values (?, ?, ?, ?, ?, 'en', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  )
    .bind(
      id,
      customerId,
      full.kind,
      full.channel,
      full.recipient,
      JSON.stringify(full.params),
      full.trackingNo,
      full.templeId,
      full.lineId,
      full.status,
      full.attempts,
      full.lastError,
      full.subject,
      full.text,
      full.createdAt,
      full.createdAt,
    )
    .run();
  return id;
}

/** An instant `minutes` before now, as the rows keep it. */
export function minutesAgo(minutes: number): string {
  return new Date(Date.now() - minutes * 60_000).toISOString();
}

export async function messageStatus(id: string) {
  return env.DB.prepare("select status, attempts from notifications where id = ?").bind(id).first<{ status: string; attempts: number }>();
}

/** Waits (a while) until the queue's consumer has moved the message past `queued`; its status then. */
export async function settledStatus(id: string, timeoutMs = 20_000): Promise<string | undefined> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const status = (await messageStatus(id))?.status;
    if (status !== "queued" || Date.now() > deadline) return status;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The page's header (`<header class="site-header…">…</header>`). */
export function headerOf(html: string): string {
  const start = html.indexOf('<header class="site-header');
  const end = html.indexOf("</header>", start);
  expect(start, "the site's header").toBeGreaterThanOrEqual(0);
  return html.slice(start, end + "</header>".length);
}

/** The unseen count the header says ("3 new messages"), 0 when it says none. */
export function unseenInHeader(html: string): number {
  const said = /(\d+) new messages?/.exec(headerOf(html));
  return said ? Number(said[1]) : 0;
}

/** Asks anonymously until the edge cache answers: from then on a devotee's page is composed from the copy. */
export async function warm(url: string) {
  for (let attempt = 0; attempt < 20; attempt++) {
    const response = await get(url);
    await response.arrayBuffer();
    if (response.headers.get("cf-cache-status") === "HIT") return;
  }
  throw new Error(`${url} never came from the cache`);
}

/** The list of messages on the Notifications tab, as its items' text, in page order. */
export function inboxItems(html: string): string[] {
  return [...html.matchAll(/<li class="notification-item"[\s\S]*?<\/li>/g)].map(([item]) =>
    item
      .replace(/<[^>]+>/g, " ")
      .replace(/\s+/g, " ")
      .trim(),
  );
}

const PASSWORD = "Temple@108";

/**
 * A devotee with a verified account (mobile 98765 43210), signed in on a browser of their own.
 * Made in D1 rather than through sign-up: sign-up's code goes out through the queue, which
 * these tests do not wait on.
 */
export async function devotee(firstName = "Meera") {
  const email = uniqueEmail(firstName.toLowerCase());
  const row = await env.DB.prepare(
    "insert into customers (email, first_name, phone_mobile, password_hash, verified) values (?, ?, '9876543210', ?, 1) returning id",
  )
    .bind(email, firstName, await hashPassword(PASSWORD))
    .first<{ id: number }>();
  const browser = new TestBrowser();
  expect((await signIn(browser, email, PASSWORD)).status).toBe(302);
  return { browser, user: { email }, customerId: row!.id };
}

/** A paid booking of the devotee's: one puja line at the temple; its tracking number and line. */
export async function bookingOf(customerId: number, templeId: number) {
  const puja = await env.DB.prepare(
    "select tp.id, tp.rate, p.name from temple_pujas tp join pujas p on p.id = tp.puja_id where tp.temple_id = ? limit 1",
  )
    .bind(templeId)
    .first<{ id: number; rate: number; name: string }>();
  const stamp = crypto.randomUUID().slice(0, 8);
  const tx = await env.DB.prepare(
    `insert into transactions (customer_id, booking_date, receipt_no, tracking_no, status, total)
     values (?, date('now'), ?, ?, 0, ?) returning id, tracking_no`,
  )
    .bind(customerId, `SN-N-${stamp}`, `TRK-N-${stamp}`, puja!.rate)
    .first<{ id: number; tracking_no: string }>();
  const line = await env.DB.prepare(
    `insert into transaction_lines (transaction_id, item_type, temple_id, temple_puja_id, item_name, devotee_name, star_id, puja_date, quantity, amount)
     values (?, 'PUJA', ?, ?, ?, 'Meera Iyer', 4, date('now', '+7 days'), 1, ?) returning id`,
  )
    .bind(tx!.id, templeId, puja!.id, puja!.name, puja!.rate)
    .first<{ id: number }>();
  return { trackingNo: tx!.tracking_no, lineId: line!.id, pujaName: puja!.name };
}
