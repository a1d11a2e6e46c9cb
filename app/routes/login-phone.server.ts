/**
 * The /login action's sign-in with a code to the phone: the mobile ("Send code", and "Resend
 * code" on the next step), the code, and the account when the phone has several. Every phone
 * gets the same answer, whether or not it has an account.
 */
import { ACCOUNT_MESSAGES as M, phoneAccountSchema, phoneCodeSchema, phoneSignInSchema } from "~/domain/accounts/inputs";
import { chooseAccount, requestSignInCode, verifySignInCode } from "~/domain/accounts/phone-signin.server";
import { accountFlowCookie, readAccountFlow } from "~/web/account-cookies.server";
import { type ActionArgs, answer, challenged, errorToast, humanToken, refused, services } from "~/web/account-actions.server";
import { redirectWithToast } from "~/lib/toast.server";
import { redirect } from "~/web/redirect.server";
import { safeRedirect } from "~/lib/safe-redirect";
import { parseSubmission } from "~/lib/form-data.server";
import { signedIn } from "~/web/signed-in.server";

/** A step of the login page, keeping where the devotee was going. */
function step(form: "phone" | "phone-code" | "phone-account", redirectTo: string | undefined) {
  return `/login?form=${form}${redirectTo ? `&redirectTo=${encodeURIComponent(safeRedirect(redirectTo))}` : ""}`;
}

/** "Send code" on the phone form and "Resend code" on the code form. */
export async function handlePhoneSend(args: ActionArgs, form: "phone" | "phone-code") {
  const submission = parseSubmission(args.formData, phoneSignInSchema);
  if (submission.status !== "success") return answer(form, submission);
  const { secret, url, phone: phoneServices } = services(args);
  const { phone, redirectTo } = submission.value;
  const result = await requestSignInCode(phoneServices, phone, humanToken(args.formData));
  if (result.status === "limited") return refused(form, submission, result.retryAfter);
  if (result.status === "challenge") return challenged(form, submission, result);
  if (result.status === "send-failed") return answer(form, submission, errorToast(M.phoneSendFailed), 503);
  const headers = { "Set-Cookie": await accountFlowCookie(secret, url, { phone }) };
  return redirectWithToast(step("phone-code", redirectTo), secret, { type: "success", message: M.phoneCodeSent }, { headers });
}

export async function handlePhoneCode(args: ActionArgs) {
  const submission = parseSubmission(args.formData, phoneCodeSchema);
  if (submission.status !== "success") return answer("phone-code", submission);
  const { secret, url, phone } = services(args);
  const { redirectTo } = submission.value;
  const result = await verifySignInCode(phone, submission.value, humanToken(args.formData));
  if (result.status === "limited") return refused("phone-code", submission, result.retryAfter);
  if (result.status === "challenge") return challenged("phone-code", submission, result);
  if (result.status === "mismatch") return answer("phone-code", submission, errorToast(M.codeMismatch));
  if (result.status === "expired") return answer("phone-code", submission, errorToast(M.codeExpired));
  if (result.status === "signed-in") return signedIn(args, result.customer, redirectTo);
  const headers = { "Set-Cookie": await accountFlowCookie(secret, url, { phoneChoice: result.ticket }) };
  return redirect(step("phone-account", redirectTo), { headers });
}

export async function handlePhoneAccount(args: ActionArgs) {
  const submission = parseSubmission(args.formData, phoneAccountSchema);
  if (submission.status !== "success") return answer("phone-account", submission, errorToast(M.phoneAccountNotOffered));
  const { secret, url, db } = services(args);
  const { customerId, redirectTo } = submission.value;
  const ticket = (await readAccountFlow(args.request, secret)).phoneChoice;
  const result = ticket ? await chooseAccount(db, secret, ticket, customerId) : ({ status: "expired" } as const);
  if (result.status === "not-offered") return answer("phone-account", submission, errorToast(M.phoneAccountNotOffered));
  if (result.status === "expired") {
    const headers = { "Set-Cookie": await accountFlowCookie(secret, url, {}) };
    return redirectWithToast(step("phone", redirectTo), secret, { type: "error", message: M.codeExpired }, { headers });
  }
  return signedIn(args, result.customer, redirectTo);
}
