/**
 * How the rest of the portal tells someone something: `notify` (compose, write the rows, put
 * them on the queue) or, where the change that causes the message is one D1 batch, the three
 * steps apart: `prepareNotice` (reads the devotee, composes in their language), `noticeStatements`
 * (the rows' inserts, to add to that batch) and `enqueueNotices` once the batch has committed.
 * A message whose enqueue is lost stays queued, and housekeeping puts it on the queue again.
 */
import type { SQL } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { rowsPerInsert, runBatch } from "~/db/batch.server";
import type { Database } from "~/db/client.server";
import { notifications } from "~/db/schema";
import { type EmailContent, emailLayout } from "~/lib/email-layout.server";
import { emailTransportAvailable } from "~/lib/email.server";
import type { AppEnv } from "~/lib/env.server";
import { withLocale } from "~/lib/locale.server";
import { m } from "~/paraglide/messages";
import { type KindParams, kindSubject, kindText, type NotificationKind, phoneText, templateVariables } from "./kinds";
import { type Audience, type Recipient, recipientsFor } from "./recipients.server";

interface NoticeBase<K extends NotificationKind> {
  kind: K;
  to: Audience;
  /** What the message is about; `trackingNo` may be a subquery (a booking made in the same batch). */
  about?: { trackingNo?: string | SQL; templeId?: number | null; lineId?: number | null };
  /** Once only: a second notice with this key (per channel) writes and sends nothing. */
  dedupeKey?: string;
}

/** A message composed now, in each recipient's language, from the kind's parameters. */
interface ComposedNow<K extends NotificationKind> {
  params: KindParams[K];
  /**
   * The e-mail, when the kind has a composer of its own (a receipt, a request's answer): called
   * in the recipient's language. Without it the e-mail is the kind's text in the one layout.
   */
  email?: (recipient: Recipient) => EmailContent;
  /** A link under a default e-mail's text, made in the recipient's language. */
  link?: () => { href: string; label: string };
  composeWhenSent?: undefined;
}

/**
 * A message composed when sent, by the queue consumer's composer for the kind, from these
 * parameters (a receipt, whose booking is written in the same batch as its row).
 */
interface ComposedWhenSent {
  composeWhenSent: Record<string, unknown>;
  params?: undefined;
  email?: undefined;
  link?: undefined;
}

export type NoticeInput<K extends NotificationKind = NotificationKind> = NoticeBase<K> & (ComposedNow<K> | ComposedWhenSent);

type NewRow = typeof notifications.$inferInsert;

export interface PreparedNotice {
  ids: string[];
  rows: NewRow[];
}

export class NoticeRefused extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = "NoticeRefused";
  }
}

function defaultEmail<K extends NotificationKind>(
  siteName: string,
  input: NoticeBase<K> & ComposedNow<K>,
  recipient: Recipient,
): EmailContent {
  const subject = kindSubject(input.kind, input.params, siteName);
  if (!subject) throw new Error(`A ${input.kind} e-mail needs its composer`);
  const greeting = recipient.firstName ? m.emails_greeting({ firstName: recipient.firstName }) : m.notify_greeting_plain();
  return { subject, ...emailLayout({ siteName, greeting, paragraphs: [kindText(input.kind, input.params)], link: input.link?.() }) };
}

/**
 * The content of the message to one recipient, in their language (null text: composed when sent):
 * a phone message's text and its template's variables, or an e-mail.
 */
function compose<K extends NotificationKind>(env: AppEnv, input: NoticeInput<K>, recipient: Recipient) {
  if (input.composeWhenSent) return { subject: null, text: null, html: null, templateVariables: null };
  const now = input as NoticeBase<K> & ComposedNow<K>;
  const siteName = env.config.SITE_NAME;
  return withLocale(recipient.language, () => {
    if (recipient.channel !== "email") {
      const variables = JSON.stringify(templateVariables(now.kind, now.params));
      return { subject: null, text: phoneText(siteName, now.kind, now.params), html: null, templateVariables: variables };
    }
    const content = now.email ? now.email(recipient) : defaultEmail(siteName, now, recipient);
    return { subject: content.subject, text: content.text, html: content.html, templateVariables: null };
  });
}

/**
 * Decides the recipients and composes the message for each, in their language: the rows to
 * write. Refused (NoticeRefused) when the configuration cannot send e-mail at all, so the
 * caller can say so at once instead of queuing a message that will never go.
 */
export async function prepareNotice<K extends NotificationKind>(env: AppEnv, db: Database, input: NoticeInput<K>): Promise<PreparedNotice> {
  const recipients = await recipientsFor(db, input.kind, input.to);
  if (recipients.some((r) => r.channel === "email") && !emailTransportAvailable(env.config)) {
    throw new NoticeRefused("Email could not be sent: no mail transport is configured");
  }
  const rows = recipients.map((recipient): NewRow => {
    const content = compose(env, input, recipient);
    return {
      id: crypto.randomUUID(),
      customerId: recipient.customerId,
      kind: input.kind,
      channel: recipient.channel,
      recipient: recipient.address,
      language: recipient.language,
      ...content,
      params: JSON.stringify(input.composeWhenSent ?? input.params),
      trackingNo: input.about?.trackingNo,
      templeId: input.about?.templeId ?? null,
      lineId: input.about?.lineId ?? null,
      dedupeKey: input.dedupeKey ? `${input.dedupeKey}:${recipient.channel}` : null,
    } as NewRow;
  });
  return { ids: rows.map((row) => row.id), rows };
}

/**
 * The rows' inserts, for the batch of the change that causes the message (a duplicate by dedupe
 * key writes nothing), each under D1's limit of bound parameters.
 */
export function noticeStatements(db: Database, ...prepared: PreparedNotice[]): BatchItem<"sqlite">[] {
  const rows = prepared.flatMap((notice) => notice.rows);
  const size = rowsPerInsert(notifications);
  const statements: BatchItem<"sqlite">[] = [];
  for (let start = 0; start < rows.length; start += size) {
    statements.push(
      db
        .insert(notifications)
        .values(rows.slice(start, start + size))
        .onConflictDoNothing(),
    );
  }
  return statements;
}

/**
 * Puts the messages on the queue (their ids only). A failed enqueue is logged and left: the
 * rows stay queued and housekeeping sends them on (workers/scheduled.ts).
 */
export async function enqueueNotices(env: AppEnv, ids: readonly string[]): Promise<boolean> {
  try {
    for (let i = 0; i < ids.length; i += 100) {
      await env.bindings.NOTIFICATIONS.sendBatch(ids.slice(i, i + 100).map((id) => ({ body: id, contentType: "json" as const })));
    }
    return true;
  } catch (error) {
    console.warn("Messages left for housekeeping to queue:", error instanceof Error ? error.message : "unknown error");
    return false;
  }
}

/**
 * Tells someone something: composes, writes the rows and queues them. Answers whether the
 * message is on its way; a failure (no origin for a link, no mail transport, a record that
 * cannot be read) is logged as "<kind> message not sent" with its reason, never the message
 * or the address, so the caller can tell the person instead of failing.
 */
export async function notify<K extends NotificationKind>(env: AppEnv, db: Database, input: NoticeInput<K>): Promise<boolean> {
  let prepared: PreparedNotice;
  try {
    prepared = await prepareNotice(env, db, input);
    if (prepared.rows.length === 0) return false;
    await runBatch(db, noticeStatements(db, prepared));
  } catch (error) {
    console.error(`${input.kind} message not sent:`, error instanceof Error ? error.message : "unknown error");
    return false;
  }
  await enqueueNotices(env, prepared.ids);
  return true;
}
