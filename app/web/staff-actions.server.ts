/** What the desk's and the console's actions share: the devotee's messages, toasts and the way back. */
import type { RouterContextProvider } from "react-router";
import { WALK_IN_EMAIL } from "~/domain/accounts/walk-in.server";
import { DESK_MESSAGES } from "~/domain/bookings/desk/desk-inputs";
import { lineForDevotee } from "~/domain/bookings/desk/performing.server";
import type { KindParams, NotificationKind } from "~/domain/notifications/kinds";
import { notify } from "~/domain/notifications/notify.server";
import { appEnv } from "~/lib/context.server";
import { dbFrom } from "~/lib/db.server";
import type { EmailContent } from "~/lib/email-layout.server";
import { requireLinkOrigin } from "~/lib/public-origin.server";
import { currentLocale, localizePath } from "~/lib/i18n";
import { todayInIndia } from "~/lib/india-time";
import { redirectWithToast, type Toast } from "~/lib/toast.server";
import { m } from "~/paraglide/messages";
import { safeRedirect } from "~/lib/safe-redirect";

type Context = Readonly<RouterContextProvider>;

/** What a desk email's links and greeting need: links use the canonical origin, never the Host header. */
export interface SiteInfo {
  siteName: string;
  origin: string;
}

export interface DevoteeNotice<K extends NotificationKind> {
  kind: K;
  customerId: number;
  params: KindParams[K];
  about?: { trackingNo?: string; templeId?: number; lineId?: number };
  /** The e-mail, composed in the devotee's language (notifications runs it in it); without it, the kind's text with `link`. */
  email?: (site: SiteInfo) => EmailContent;
  link?: (site: SiteInfo) => { href: string; label: string };
  dedupeKey?: string;
}

/**
 * Tells a devotee what the desk did (e-mail, and their phone where they allow it), through the
 * notifications queue; false (with a log line without details) when it cannot be sent.
 */
export function notifyDevotee<K extends NotificationKind>(context: Context, request: Request, notice: DevoteeNotice<K>): Promise<boolean> {
  const env = appEnv(context);
  const site = () => ({ siteName: env.config.SITE_NAME, origin: requireLinkOrigin(env.config, request.url) });
  const { email, link } = notice;
  return notify(env, dbFrom(context), {
    kind: notice.kind,
    to: { customerId: notice.customerId },
    params: notice.params,
    about: notice.about,
    email: email && (() => email(site())),
    link: link && (() => link(site())),
    dedupeKey: notice.dedupeKey,
  } as Parameters<typeof notify<K>>[2]);
}

/**
 * Tells a line's devotee that its puja was performed, or that its video is ready (once per line),
 * naming the puja and temple in their language, with a link to their bookings.
 */
export async function notifyLineDevotee(
  context: Context,
  request: Request,
  line: { templeId: number; lineId: number },
  kind: "puja-performed" | "video-ready",
): Promise<boolean> {
  const booked = await lineForDevotee(dbFrom(context), line.templeId, line.lineId);
  if (!booked) return false;
  const names = { pujaName: booked.itemName, templeName: booked.templeName, devoteeName: booked.devoteeName };
  const about = { trackingNo: booked.bookingTrackingNo, ...line };
  const link = ({ origin }: SiteInfo) => ({
    href: `${origin}${localizePath("/account?tab=transactions")}`,
    label: m.emails_see_bookings(),
  });
  const customerId = booked.customerId;
  const dedupeKey = `${kind}:${line.lineId}`;
  // A sale under the walk-in account (at the counter, or assisted for a devotee without an
  // account) is told by SMS at the phone the devotee gave, if any.
  if (booked.email === WALK_IN_EMAIL) {
    if (!booked.counterPhone) return true;
    const env = appEnv(context);
    const to = { phone: booked.counterPhone, channel: "sms" as const, customerId, language: currentLocale() };
    const params = kind === "puja-performed" ? { ...names, date: booked.pujaDate ?? todayInIndia() } : names;
    return notify(env, dbFrom(context), { kind, to, params, about, dedupeKey } as Parameters<typeof notify>[2]);
  }
  return kind === "puja-performed"
    ? notifyDevotee(context, request, {
        kind,
        customerId,
        params: { ...names, date: booked.pujaDate ?? todayInIndia() },
        about,
        link,
        dedupeKey,
      })
    : notifyDevotee(context, request, { kind, customerId, params: names, about, link, dedupeKey });
}

/** Post/redirect/get back to the page the form was on (a same-site path), with a toast. */
export function backWithToast(context: Context, formData: FormData, fallback: string, toast: Toast) {
  const to = safeRedirect(formData.get("redirectTo"), fallback);
  return redirectWithToast(to, appEnv(context).config.SESSION_SECRET, toast, { status: 303 });
}

/** A success toast, or the warning that the email could not be sent. */
export function emailedToast(sent: boolean, message: string): Toast {
  return sent ? { type: "success", message } : { type: "error", message: DESK_MESSAGES.emailFailed };
}
