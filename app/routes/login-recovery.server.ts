/** The /login action's forgot-password and reset-password handlers. */
import { parseWithZod } from "@conform-to/zod/v4";
import type { AccountFormName } from "~/components/account-field";
import { ACCOUNT_MESSAGES as M, forgotPasswordSchema, resetPasswordSchema } from "~/domain/accounts";
import { passwordChangedEmail, resetCodeEmail } from "~/domain/accounts-emails.server";
import { resetPassword, startPasswordReset } from "~/domain/accounts-recovery.server";
import { accountFlowCookie } from "~/lib/account-cookies.server";
import { endSession } from "~/lib/auth.server";
import { redirectWithToast } from "~/lib/toast.server";
import { type ActionArgs, answer, errorToast, services, trySend } from "~/lib/account-actions.server";

/** "Reset" on the forgot form, and "Resend code" on the reset form. */
export async function handleForgot(args: ActionArgs, form: AccountFormName) {
  const submission = parseWithZod(args.formData, { schema: forgotPasswordSchema });
  if (submission.status !== "success") return answer(form, submission);
  const { db, env, secret, url, limited, record } = services(args);
  const { email } = submission.value;
  const blocked = await limited("forgot", email, form, submission);
  if (blocked) return blocked;
  await record("forgot", email);
  const result = await startPasswordReset(db, secret, email);
  // The spec's message says the email is unknown; the rate limits above bound what
  // that tells someone probing for accounts (sign-up says as much already).
  if (result.status === "unknown") return answer(form, submission, errorToast(M.noMatch));
  const resetUrl = `${url.origin}/login?form=reset`;
  const sent = await trySend(env, {
    to: result.email,
    ...resetCodeEmail({ siteName: env.config.SITE_NAME, firstName: result.firstName, code: result.code, resetUrl }),
  });
  if (!sent) return answer(form, submission, errorToast(M.signupFailed), 503);
  const headers = { "Set-Cookie": await accountFlowCookie(secret, url, { resetEmail: result.email }) };
  return redirectWithToast("/login?form=reset", secret, { type: "success", message: M.resetCodeSent(result.email) }, { headers });
}

export async function handleReset(args: ActionArgs) {
  const submission = parseWithZod(args.formData, { schema: resetPasswordSchema });
  if (submission.status !== "success") return answer("reset", submission);
  const { db, env, secret, url, limited, record } = services(args);
  const { email } = submission.value;
  const blocked = await limited("reset", email, "reset", submission);
  if (blocked) return blocked;
  const result = await resetPassword(db, secret, submission.value);
  if (result.status !== "reset") {
    await record("reset", email);
    return answer("reset", submission, errorToast(result.status === "expired" ? M.codeExpired : M.codeMismatch));
  }
  // Every session made with the old password is now stale (see session.server.ts);
  // this browser's cookie is cleared too, and the customer signs in again.
  const headers = new Headers();
  headers.append("Set-Cookie", await endSession(args.context, args.request));
  headers.append("Set-Cookie", await accountFlowCookie(secret, url, {}));
  const { customer } = result;
  await trySend(env, {
    to: customer.email,
    ...passwordChangedEmail({ siteName: env.config.SITE_NAME, firstName: customer.firstName, supportEmail: env.config.SUPPORT_EMAIL }),
  });
  return redirectWithToast("/login", secret, { type: "success", message: M.passwordReset }, { headers });
}
