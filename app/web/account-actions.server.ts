/**
 * What the account actions share: the answer shape for Conform forms (never echoing
 * a password), the rate-limit answer, the services the account use cases take, and
 * the "already verified" redirect.
 */
import type { SubmissionResult } from "@conform-to/react";
import type { RouterContextProvider } from "react-router";
import type { Toast } from "~/lib/toast.server";
import type { AccountFormName } from "./account-forms";
import { replyToForm } from "./form-reply";
import { ACCOUNT_MESSAGES as M, tooManyAttemptsMessage } from "~/domain/accounts/inputs";
import type { ChallengeNeeded } from "~/domain/accounts/flows.server";
import { HUMAN_CHECK_FIELD } from "~/lib/human-check";
import { accountFlowCookie, startupCookie, VERIFIED_COOKIE } from "./account-cookies.server";
import { accountServices } from "~/web/account-services.server";
import { appEnv } from "~/lib/context.server";
import type { AppEnv } from "~/lib/env.server";
import { currentLocale, pagePath } from "~/lib/i18n";
import { sendPhoneCode } from "~/domain/accounts/phone-codes-send.server";
import type { PhoneServices } from "~/domain/accounts/phone-signin.server";

export interface ActionArgs {
  request: Request;
  context: Readonly<RouterContextProvider>;
  formData: FormData;
}

/** Any parsed form: all the answer needs is its reply. */
interface Submission {
  reply(options?: { hideFields?: string[] }): SubmissionResult<string[]>;
}

const HIDDEN = ["password", "confirmPassword", "currentPassword", "newPassword"];

/** Answers the form: its validation result and, optionally, a toast. */
export function answer(form: AccountFormName, submission: Submission, toast?: Toast, status = 400) {
  return replyToForm(form, submission.reply({ hideFields: HIDDEN }), { status, toast });
}

export const errorToast = (message: string): Toast => ({ type: "error", message });

export function services({ request, context }: ActionArgs) {
  const env = appEnv(context);
  /** For the account use cases (domain/accounts-flows, accounts-signin). */
  const account = accountServices(env, request);
  return { env, url: new URL(request.url), db: account.db, secret: account.secret, account, phone: phoneServices(env, account) };
}

/** For the phone-code use cases (sign-in and the profile's new mobile): codes go out in the page's language. */
export function phoneServices(env: AppEnv, account: ReturnType<typeof accountServices>): PhoneServices {
  return { ...account, sendCode: (message) => sendPhoneCode(env, message), language: currentLocale() };
}

/**
 * The answer to an attempt on an account past its own limit: nothing was checked, and the
 * form comes back asking for the human check (`humanCheck`), to be sent again with it.
 */
export function challenged(form: AccountFormName, submission: Submission, outcome: ChallengeNeeded) {
  const message =
    outcome.widget.kind === "unavailable" ? M.humanCheckUnavailable : outcome.failed ? M.humanCheckFailed : M.humanCheckNeeded;
  return replyToForm(form, submission.reply({ hideFields: HIDDEN }), {
    status: 403,
    toast: errorToast(message),
    humanCheck: outcome.widget,
  });
}

/** The token of the human check a form carries, if any (bounded and checked by the check itself). */
export function humanToken(formData: FormData): string | undefined {
  const token = formData.get(HUMAN_CHECK_FIELD);
  return typeof token === "string" ? token : undefined;
}

/** The 429 answer to an attempt a rate limit refused (a sign-in's offers the reset path). */
export function refused(form: AccountFormName, submission: Submission, retryAfter: number, signIn = false) {
  return answer(form, submission, errorToast(tooManyAttemptsMessage(retryAfter, signIn)), 429);
}

/** The account exists: the start-up cookie tells the next page to say so. */
export async function alreadyVerified(args: ActionArgs, to = "/login") {
  const { secret, url } = services(args);
  const headers = new Headers();
  headers.append("Set-Cookie", startupCookie(VERIFIED_COOKIE, true, url));
  headers.append("Set-Cookie", await accountFlowCookie(secret, url, {}));
  headers.set("Location", pagePath(to));
  return new Response(null, { status: 302, headers });
}
