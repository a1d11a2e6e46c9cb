/** The /login action's forgot-password and reset-password handlers. */
import type { AccountFormName } from "~/web/account-forms";
import { ACCOUNT_MESSAGES as M, forgotPasswordSchema, resetPasswordSchema } from "~/domain/accounts/inputs";
import { completePasswordReset, requestPasswordReset } from "~/domain/accounts/flows.server";
import { accountFlowCookie } from "~/web/account-cookies.server";
import { endSession } from "~/web/auth.server";
import { redirectWithToast } from "~/lib/toast.server";
import { type ActionArgs, answer, challenged, errorToast, humanToken, refused, services } from "~/web/account-actions.server";
import { parseSubmission } from "~/lib/form-data.server";

/** "Reset" on the forgot form, and "Resend code" on the reset form. */
export async function handleForgot(args: ActionArgs, form: AccountFormName) {
  const submission = parseSubmission(args.formData, forgotPasswordSchema);
  if (submission.status !== "success") return answer(form, submission);
  const { secret, url, account } = services(args);
  const result = await requestPasswordReset(account, submission.value.email);
  if (result.status === "limited") return refused(form, submission, result.retryAfter);
  if (result.status === "unknown") return answer(form, submission, errorToast(M.noMatch));
  if (result.status === "mail-failed") return answer(form, submission, errorToast(M.signupFailed), 503);
  const headers = { "Set-Cookie": await accountFlowCookie(secret, url, { resetEmail: result.email }) };
  const message = result.status === "already-sent" ? M.resetCodeAlreadySent(result.email) : M.resetCodeSent(result.email);
  return redirectWithToast("/login?form=reset", secret, { type: "success", message }, { headers });
}

export async function handleReset(args: ActionArgs) {
  const submission = parseSubmission(args.formData, resetPasswordSchema);
  if (submission.status !== "success") return answer("reset", submission);
  const { secret, url, account } = services(args);
  const result = await completePasswordReset(account, submission.value, humanToken(args.formData));
  if (result.status === "limited") return refused("reset", submission, result.retryAfter);
  if (result.status === "challenge") return challenged("reset", submission, result);
  if (result.status !== "reset") {
    return answer("reset", submission, errorToast(result.status === "expired" ? M.codeExpired : M.codeMismatch));
  }
  // Every session made with the old password is now stale (see session.server.ts);
  // this browser's cookie is cleared too, and the customer signs in again.
  const headers = new Headers();
  headers.append("Set-Cookie", await endSession(args.context, args.request));
  headers.append("Set-Cookie", await accountFlowCookie(secret, url, {}));
  return redirectWithToast("/login", secret, { type: "success", message: M.passwordReset }, { headers });
}
