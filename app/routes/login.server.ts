/**
 * The /login action, one handler per intent. Each one: validate with the form's
 * schema, call the account use case (it applies the rate limits and mails), then
 * redirect (with a toast) or answer the form (never echoing a password).
 */
import { ACCOUNT_MESSAGES as M, loginSchema, registerSchema, verifySchema } from "~/domain/accounts/inputs";
import { confirmRegistration, resendRegistrationCode, startRegistration } from "~/domain/accounts/flows.server";

import { signIn } from "~/domain/accounts/signin.server";
import { accountFlowCookie } from "~/web/account-cookies.server";
import {
  type ActionArgs,
  alreadyVerified,
  answer,
  challenged,
  errorToast,
  humanToken,
  refused,
  services,
} from "~/web/account-actions.server";
import { startSession } from "~/web/auth.server";
import { redirectWithToast } from "~/lib/toast.server";
import { parseSubmission } from "~/lib/form-data.server";
import { signedIn } from "~/web/signed-in.server";

export async function handleLogin(args: ActionArgs) {
  const submission = parseSubmission(args.formData, loginSchema);
  if (submission.status !== "success") return answer("login", submission);
  const { account } = services(args);
  const { redirectTo } = submission.value;
  const result = await signIn(account, submission.value, humanToken(args.formData));
  if (result.status === "limited") return refused("login", submission, result.retryAfter, true);
  if (result.status === "challenge") return challenged("login", submission, result);
  if (result.status === "rejected") return answer("login", submission, errorToast(M.loginRejected));
  return signedIn(args, result.customer, redirectTo);
}

/** The code is on its way: the verify form, remembering the email. */
async function codeSent(args: ActionArgs, email: string) {
  const { secret, url } = services(args);
  const headers = { "Set-Cookie": await accountFlowCookie(secret, url, { signupEmail: email }) };
  return redirectWithToast("/login?form=verify", secret, { type: "success", message: M.codeSent(email) }, { headers });
}

export async function handleRegister(args: ActionArgs) {
  const submission = parseSubmission(args.formData, registerSchema);
  if (submission.status !== "success") return answer("register", submission);
  const { email } = submission.value;
  const result = await startRegistration(services(args).account, submission.value, humanToken(args.formData));
  if (result.status === "limited") return refused("register", submission, result.retryAfter);
  if (result.status === "challenge") return challenged("register", submission, result);
  if (result.status === "registered") return answer("register", submission, errorToast(M.registered(email)));
  if (result.status === "mail-failed") return answer("register", submission, errorToast(M.signupFailed), 503);
  return codeSent(args, result.email);
}

export async function handleResendSignup(args: ActionArgs) {
  const submission = parseSubmission(args.formData, verifySchema.pick({ email: true }));
  if (submission.status !== "success") return answer("verify", submission, errorToast(M.signupMissing));
  const result = await resendRegistrationCode(services(args).account, submission.value.email, humanToken(args.formData));
  if (result.status === "limited") return refused("verify", submission, result.retryAfter);
  if (result.status === "challenge") return challenged("verify", submission, result);
  if (result.status === "missing") return answer("verify", submission, errorToast(M.signupMissing));
  if (result.status === "registered") return alreadyVerified(args);
  if (result.status === "mail-failed") return answer("verify", submission, errorToast(M.signupFailed), 503);
  return codeSent(args, result.email);
}

export async function handleVerify(args: ActionArgs) {
  const submission = parseSubmission(args.formData, verifySchema);
  if (submission.status !== "success") return answer("verify", submission);
  const { secret, url, account } = services(args);
  const result = await confirmRegistration(account, submission.value, humanToken(args.formData));
  if (result.status === "limited") return refused("verify", submission, result.retryAfter);
  if (result.status === "challenge") return challenged("verify", submission, result);
  if (result.status === "already-verified") return alreadyVerified(args);
  if (result.status !== "created") {
    return answer("verify", submission, errorToast(result.status === "expired" ? M.codeExpired : M.codeMismatch));
  }
  const headers = new Headers();
  for (const line of await startSession(args.context, args.request, result.customer)) headers.append("Set-Cookie", line);
  headers.append("Set-Cookie", await accountFlowCookie(secret, url, {}));
  return redirectWithToast("/", secret, { type: "success", message: M.welcome(result.customer.firstName) }, { headers });
}
