/** What the desk's and the console's actions share: the devotee's messages, toasts and the way back. */
import type { RouterContextProvider } from "react-router";
import { DESK_MESSAGES } from "~/domain/bookings/desk/desk-inputs";
import type { KindParams, NotificationKind } from "~/domain/notifications/kinds";
import { notify } from "~/domain/notifications/notify.server";
import { appEnv } from "~/lib/context.server";
import { dbFrom } from "~/lib/db.server";
import type { EmailContent } from "~/lib/email-layout.server";
import { requireLinkOrigin } from "~/lib/public-origin.server";
import { redirectWithToast, type Toast } from "~/lib/toast.server";
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
  /** The e-mail, composed in the devotee's language (notifications runs it in it). */
  email: (site: SiteInfo) => EmailContent;
}

/**
 * Tells a devotee what the desk did (e-mail, and their phone where they allow it), through the
 * notifications queue; false (with a log line without details) when it cannot be sent.
 */
export function notifyDevotee<K extends NotificationKind>(context: Context, request: Request, notice: DevoteeNotice<K>): Promise<boolean> {
  const env = appEnv(context);
  return notify(env, dbFrom(context), {
    kind: notice.kind,
    to: { customerId: notice.customerId },
    params: notice.params,
    about: notice.about,
    email: () => notice.email({ siteName: env.config.SITE_NAME, origin: requireLinkOrigin(env.config, request.url) }),
  } as Parameters<typeof notify<K>>[2]);
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
