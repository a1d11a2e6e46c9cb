/**
 * The /login action, one handler per intent. Each one: validate with the form's
 * schema, apply the rate limits, call the domain, then redirect (with a toast) or
 * answer the form (never echoing a password).
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { ACCOUNT_MESSAGES as M, loginSchema, registerSchema, verifySchema } from "~/domain/accounts";
import { authenticate } from "~/domain/accounts.server";
import { signupCodeEmail } from "~/domain/accounts-emails.server";
import { resendSignupCode, startSignup, verifySignup } from "~/domain/accounts-signup.server";
import { accountFlowCookie } from "~/lib/account-cookies.server";
import { type ActionArgs, alreadyVerified, answer, errorToast, services, trySend } from "~/lib/account-actions.server";
import { startSession } from "~/lib/auth.server";
import { redirectWithToast } from "~/lib/toast.server";
import { safeRedirect } from "~/lib/safe-redirect";

export async function handleLogin(args: ActionArgs) {
  const submission = parseWithZod(args.formData, { schema: loginSchema });
  if (submission.status !== "success") return answer("login", submission);
  const { db, secret, url, limited, record } = services(args);
  const { email, redirectTo } = submission.value;
  const blocked = await limited("login", email, "login", submission);
  if (blocked) return blocked;
  const customer = await authenticate(db, submission.value);
  if (!customer) {
    await record("login", email);
    return answer("login", submission, errorToast(M.loginRejected));
  }
  const headers = new Headers();
  headers.append("Set-Cookie", await startSession(args.context, args.request, customer));
  // Choosing login clears registration data.
  headers.append("Set-Cookie", await accountFlowCookie(secret, url, {}));
  return redirectWithToast(safeRedirect(redirectTo), secret, { type: "success", message: M.welcomeBack(customer.firstName) }, { headers });
}

async function sendSignupCode(args: ActionArgs, pending: { email: string; firstName: string; code: string }) {
  const { env, url, secret } = services(args);
  const confirmUrl = `${url.origin}/verify-email?${new URLSearchParams({ email: pending.email, code: pending.code })}`;
  const sent = await trySend(env, {
    to: pending.email,
    ...signupCodeEmail({ siteName: env.config.SITE_NAME, firstName: pending.firstName, code: pending.code, confirmUrl }),
  });
  if (!sent) return null;
  const headers = { "Set-Cookie": await accountFlowCookie(secret, url, { signupEmail: pending.email }) };
  return redirectWithToast("/login?form=verify", secret, { type: "success", message: M.codeSent(pending.email) }, { headers });
}

export async function handleRegister(args: ActionArgs) {
  const submission = parseWithZod(args.formData, { schema: registerSchema });
  if (submission.status !== "success") return answer("register", submission);
  const { db, secret, limited, record } = services(args);
  const { email } = submission.value;
  const blocked = await limited("signup", email, "register", submission);
  if (blocked) return blocked;
  await record("signup", email);
  const result = await startSignup(db, secret, submission.value);
  if (result.status === "registered") return answer("register", submission, errorToast(M.registered(email)));
  return (await sendSignupCode(args, result)) ?? answer("register", submission, errorToast(M.signupFailed), 503);
}

export async function handleResendSignup(args: ActionArgs) {
  const submission = parseWithZod(args.formData, { schema: verifySchema.pick({ email: true }) });
  if (submission.status !== "success") return answer("verify", submission, errorToast(M.signupMissing));
  const { db, secret, limited, record } = services(args);
  const { email } = submission.value;
  const blocked = await limited("signup", email, "verify", submission);
  if (blocked) return blocked;
  await record("signup", email);
  const result = await resendSignupCode(db, secret, email);
  if (!result) return answer("verify", submission, errorToast(M.signupMissing));
  if (result.status === "registered") return alreadyVerified(args);
  return (await sendSignupCode(args, result)) ?? answer("verify", submission, errorToast(M.signupFailed), 503);
}

export async function handleVerify(args: ActionArgs) {
  const submission = parseWithZod(args.formData, { schema: verifySchema });
  if (submission.status !== "success") return answer("verify", submission);
  const { db, secret, url, limited, record } = services(args);
  const { email } = submission.value;
  const blocked = await limited("verify", email, "verify", submission);
  if (blocked) return blocked;
  const result = await verifySignup(db, secret, submission.value);
  if (result.status === "already-verified") return alreadyVerified(args);
  if (result.status !== "created") {
    await record("verify", email);
    return answer("verify", submission, errorToast(result.status === "expired" ? M.codeExpired : M.codeMismatch));
  }
  const headers = new Headers();
  headers.append("Set-Cookie", await startSession(args.context, args.request, result.customer));
  headers.append("Set-Cookie", await accountFlowCookie(secret, url, {}));
  return redirectWithToast("/", secret, { type: "success", message: M.welcome(result.customer.firstName) }, { headers });
}
