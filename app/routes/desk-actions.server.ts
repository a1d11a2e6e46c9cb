/** What the desk's actions share: the devotee's emails, toasts and the way back. */
import type { RouterContextProvider } from "react-router";
import type { EmailContent } from "~/domain/accounts-emails.server";
import { DESK_MESSAGES } from "~/domain/desk";
import { sendEmail } from "~/lib/email.server";
import { appEnv } from "~/lib/context.server";
import { redirectWithToast, type Toast } from "~/lib/toast.server";
import { safeRedirect } from "~/lib/safe-redirect";

type Context = Readonly<RouterContextProvider>;

/** Emails a devotee; false (with a log line without details) when delivery fails. */
export async function emailDevotee(context: Context, to: string, content: EmailContent): Promise<boolean> {
  try {
    await sendEmail(appEnv(context), { to, ...content });
    return true;
  } catch (error) {
    console.error("Desk email failed:", error instanceof Error ? error.message : "unknown error");
    return false;
  }
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

export function siteInfo(context: Context, request: Request) {
  return { siteName: appEnv(context).config.SITE_NAME, origin: new URL(request.url).origin };
}
