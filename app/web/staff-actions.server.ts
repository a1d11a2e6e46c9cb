/** What the desk's and the console's actions share: the devotee's emails, toasts and the way back. */
import type { RouterContextProvider } from "react-router";
import { DESK_MESSAGES } from "~/domain/bookings/desk/desk-inputs";
import type { EmailContent } from "~/lib/email-layout.server";
import { sendAndLog } from "~/lib/email.server";
import { appEnv } from "~/lib/context.server";
import { requireLinkOrigin } from "~/lib/public-origin.server";
import { redirectWithToast, type Toast } from "~/lib/toast.server";
import { safeRedirect } from "~/lib/safe-redirect";

type Context = Readonly<RouterContextProvider>;

/** What a desk email's links and greeting need: links use the canonical origin, never the Host header. */
export interface SiteInfo {
  siteName: string;
  origin: string;
}

/** Emails a devotee; false (with a log line without details) when it cannot be sent. */
export async function emailDevotee(
  context: Context,
  request: Request,
  to: string,
  compose: (site: SiteInfo) => EmailContent,
): Promise<boolean> {
  const env = appEnv(context);
  return sendAndLog(env, "Desk", () => {
    const origin = requireLinkOrigin(env.config, request.url);
    return { to, ...compose({ siteName: env.config.SITE_NAME, origin }) };
  });
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
