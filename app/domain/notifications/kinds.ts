/**
 * What the portal tells devotees: each kind of message, the parameters it is written from and
 * its short text (a WhatsApp or SMS message, and the line a default e-mail is made of), in the
 * language of the current `withLocale`. Names in the parameters are already in the devotee's
 * language (the caller reads them so); dates are ISO days and amounts paise, written out here.
 */
import { m } from "~/paraglide/messages";
import { formatRupees, longDate, monthYear } from "~/domain/text";
import { NOTIFICATION_KINDS } from "./kind-names";

interface Names {
  templeName: string;
  pujaName: string;
}

/** Each kind's parameters. */
export interface KindParams {
  receipt: { templeName: string; receiptNo: string; trackingNo: string; amount: number };
  "request-accepted": Names & { date: string };
  "request-declined": Names & { date: string };
  /** The temple cannot on `date` and offers `newDate`. */
  "request-redated": Names & { date: string; newDate: string };
  "date-moved": Names & { from: string; to: string };
  "date-move-declined": Names & { from: string; to: string };
  "puja-performed": Names & { devoteeName: string; date: string };
  "video-ready": Names & { devoteeName: string };
  "prasad-dispatched": Names & { trackingNo: string };
  "refund-started": { amount: number; reference: string };
  "refund-completed": { amount: number; reference: string };
  "verification-code": { code: string };
  "sign-in-code": { code: string };
  "password-reset": { code: string };
  "password-changed": Record<string, never>;
  /** `month` as "2027-01", `time` as "10:00" (IST). */
  "release-reminder": { templeName: string; month: string; time: string };
  "puja-eve-reminder": Names & { devoteeName: string; date: string };
  /** To a temple's alert phone: a paid booking's tracking number, its pujas at the temple, the first puja's day. */
  "temple-new-booking": { trackingNo: string; pujas: string; date: string };
  /** To a temple's alert phone: a devotee's requests of one puja (`requests`: devotees × dates), the first day. */
  "temple-new-request": { pujaName: string; date: string; requests: number };
  /** To a temple's alert phone at 06:00 IST: the day sheet's pujas and the prasad waiting to be posted. */
  "temple-morning-digest": { date: string; pujas: number; prasad: number };
  /** An assisted booking's payment link (an operator booked for a devotee who phoned in): what, where, how much, until when (ISO day). */
  "payment-link": { templeName: string; itemName: string; amount: number; url: string; expires: string };
  /** To a temple's admin staff: the bank account its payouts go to was changed (masked, "XXXXXX4321"), on an ISO day. */
  "payout-account-changed": { templeName: string; account: string; date: string };
}

export type NotificationKind = keyof KindParams;

/** Every kind has its parameters above, and every kind with parameters is in the list (kind-names.ts). */
export { NOTIFICATION_KINDS };
type Listed = (typeof NOTIFICATION_KINDS)[number];
const everyKindListed: [Exclude<NotificationKind, Listed>, Exclude<Listed, NotificationKind>] extends [never, never] ? true : never = true;
void everyKindListed;

type Texts = { [K in NotificationKind]: (params: KindParams[K]) => string };

const TEXTS: Texts = {
  receipt: (p) => m.notify_receipt_text({ ...p, amount: formatRupees(p.amount) }),
  "request-accepted": (p) => m.notify_request_accepted_text({ ...p, date: longDate(p.date) }),
  "request-declined": (p) => m.notify_request_declined_text({ ...p, date: longDate(p.date) }),
  "request-redated": (p) => m.notify_request_redated_text({ ...p, date: longDate(p.date), newDate: longDate(p.newDate) }),
  "date-moved": (p) => m.notify_date_moved_text({ ...p, from: longDate(p.from), to: longDate(p.to) }),
  "date-move-declined": (p) => m.notify_date_move_declined_text({ ...p, from: longDate(p.from), to: longDate(p.to) }),
  "puja-performed": (p) => m.notify_puja_performed_text({ ...p, date: longDate(p.date) }),
  "video-ready": (p) => m.notify_video_ready_text(p),
  "prasad-dispatched": (p) => m.notify_prasad_dispatched_text(p),
  "refund-started": (p) => m.notify_refund_started_text({ ...p, amount: formatRupees(p.amount) }),
  "refund-completed": (p) => m.notify_refund_completed_text({ ...p, amount: formatRupees(p.amount) }),
  "verification-code": (p) => m.notify_verification_code_text(p),
  "sign-in-code": (p) => m.notify_sign_in_code_text(p),
  "password-reset": (p) => m.notify_password_reset_text(p),
  "password-changed": () => m.notify_password_changed_text(),
  "release-reminder": (p) => m.notify_release_reminder_text({ ...p, month: monthYear(p.month) }),
  "puja-eve-reminder": (p) => m.notify_puja_eve_reminder_text({ ...p, date: longDate(p.date) }),
  "temple-new-booking": (p) => m.notify_temple_new_booking_text({ ...p, date: longDate(p.date) }),
  "temple-new-request": (p) => m.notify_temple_new_request_text({ ...p, date: longDate(p.date), requests: String(p.requests) }),
  "temple-morning-digest": (p) =>
    m.notify_temple_morning_digest_text({ date: longDate(p.date), pujas: String(p.pujas), prasad: String(p.prasad) }),
  "payment-link": (p) => m.notify_payment_link_text({ ...p, amount: formatRupees(p.amount), expires: longDate(p.expires) }),
  "payout-account-changed": (p) => m.payouts_account_notify_text({ ...p, date: longDate(p.date) }),
};

type Variables = { [K in NotificationKind]: (params: KindParams[K]) => string[] };

/**
 * Each kind's template variables in order ({{1}}, {{2}}, … of its WhatsApp template; var1, var2, … of its
 * DLT SMS template), written in the current language as its text writes them. A template in any language
 * may place them in its own order; the order here is the one every language's template is registered with.
 */
const VARIABLES: Variables = {
  receipt: (p) => [p.templeName, p.receiptNo, formatRupees(p.amount), p.trackingNo],
  "request-accepted": (p) => [p.templeName, p.pujaName, longDate(p.date)],
  "request-declined": (p) => [p.templeName, p.pujaName, longDate(p.date)],
  "request-redated": (p) => [p.templeName, p.pujaName, longDate(p.date), longDate(p.newDate)],
  "date-moved": (p) => [p.templeName, p.pujaName, longDate(p.from), longDate(p.to)],
  "date-move-declined": (p) => [p.templeName, p.pujaName, longDate(p.to), longDate(p.from)],
  "puja-performed": (p) => [p.pujaName, p.devoteeName, p.templeName, longDate(p.date)],
  "video-ready": (p) => [p.pujaName, p.devoteeName, p.templeName],
  "prasad-dispatched": (p) => [p.templeName, p.pujaName, p.trackingNo],
  "refund-started": (p) => [formatRupees(p.amount), p.reference],
  "refund-completed": (p) => [formatRupees(p.amount), p.reference],
  "verification-code": (p) => [p.code],
  "sign-in-code": (p) => [p.code],
  "password-reset": (p) => [p.code],
  "password-changed": () => [],
  "release-reminder": (p) => [monthYear(p.month), p.templeName, p.time],
  "puja-eve-reminder": (p) => [longDate(p.date), p.pujaName, p.devoteeName, p.templeName],
  "temple-new-booking": (p) => [p.trackingNo, p.pujas, longDate(p.date)],
  "temple-new-request": (p) => [p.pujaName, longDate(p.date), String(p.requests)],
  "temple-morning-digest": (p) => [longDate(p.date), String(p.pujas), String(p.prasad)],
  "payment-link": (p) => [formatRupees(p.amount), p.itemName, p.templeName, longDate(p.expires), p.url],
  "payout-account-changed": (p) => [p.templeName, p.account, longDate(p.date)],
};

/** The kind's template variables in the current language (a phone provider's approved template carries the text). */
export function templateVariables<K extends NotificationKind>(kind: K, params: KindParams[K]): string[] {
  return (VARIABLES[kind] as (params: KindParams[K]) => string[])(params);
}

/** The kind's short text in the current language: the whole of a WhatsApp or SMS message after the site's name. */
export function kindText<K extends NotificationKind>(kind: K, params: KindParams[K]): string {
  return (TEXTS[kind] as (params: KindParams[K]) => string)(params);
}

/** A phone message: the site's name, then the kind's text (providers show no subject line). */
export function phoneText<K extends NotificationKind>(siteName: string, kind: K, params: KindParams[K]): string {
  return `${siteName}: ${kindText(kind, params)}`;
}

type Subjects = Partial<{ [K in NotificationKind]: (params: KindParams[K], siteName: string) => string }>;

/** Subjects of the kinds whose e-mail this area writes itself (the others have their own composers). */
const SUBJECTS: Subjects = {
  "puja-performed": (p) => m.notify_puja_performed_subject(p),
  "video-ready": (p) => m.notify_video_ready_subject(p),
  "refund-completed": (p) => m.notify_refund_completed_subject({ amount: formatRupees(p.amount) }),
  "sign-in-code": (_p, siteName) => m.notify_sign_in_code_subject({ siteName }),
  "release-reminder": (p) => m.notify_release_reminder_subject({ month: monthYear(p.month) }),
  "puja-eve-reminder": (p) => m.notify_puja_eve_reminder_subject(p),
  "payment-link": (p) => m.notify_payment_link_subject({ itemName: p.itemName }),
  "payout-account-changed": (p) => m.payouts_account_notify_subject({ temple: p.templeName }),
};

/** The subject of a default e-mail of `kind`, or null when the kind's e-mail is composed by its caller. */
export function kindSubject<K extends NotificationKind>(kind: K, params: KindParams[K], siteName: string): string | null {
  const subject = SUBJECTS[kind] as ((params: KindParams[K], siteName: string) => string) | undefined;
  return subject ? subject(params, siteName) : null;
}

/** Kinds sent only to devotees whose reminders are on. */
export const REMINDER_KINDS: ReadonlySet<NotificationKind> = new Set(["release-reminder", "puja-eve-reminder"]);

/** Kinds that go only to the address they were asked for (a code proves that address), never to other channels. */
export const ADDRESSED_KINDS: ReadonlySet<NotificationKind> = new Set([
  "verification-code",
  "sign-in-code",
  "password-reset",
  "password-changed",
]);
