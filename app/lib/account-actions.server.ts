/**
 * What the account actions share: the answer shape for Conform forms (never echoing
 * a password), the rate-limit gate, email sending that reports failure, and the
 * "already verified" redirect.
 */
import type { SubmissionResult } from "@conform-to/react";
import { data, type RouterContextProvider } from "react-router";
import type { AccountActionData, AccountFormName } from "~/components/account-field";
import type { ToastMessage } from "~/components/toaster";
import { createDb } from "~/db/client.server";
import { ACCOUNT_MESSAGES as M } from "~/domain/accounts";
import { accountFlowCookie, startupCookie, VERIFIED_COOKIE } from "./account-cookies.server";
import { sendEmail } from "./email.server";
import { appEnv } from "./context.server";
import { checkRateLimit, clientIp, type RateLimitedAction, recordAttempt } from "./rate-limit.server";

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
export function answer(form: AccountFormName, submission: Submission, toast?: ToastMessage, status = 400) {
  const result = submission.reply({ hideFields: HIDDEN });
  return data<AccountActionData>({ form, result, toast }, { status });
}

export const errorToast = (message: string): ToastMessage => ({ type: "error", message });

export function services({ request, context }: ActionArgs) {
  const env = appEnv(context);
  const kv = env.bindings.SESSIONS;
  const url = new URL(request.url);
  return {
    env,
    url,
    db: createDb(env.bindings.DB),
    secret: env.config.SESSION_SECRET,
    /** Null when allowed; else the rate-limit answer for `form`. */
    async limited(action: RateLimitedAction, account: string, form: AccountFormName, submission: Submission) {
      const wait = await checkRateLimit(kv, action, { ip: clientIp(request), account });
      return wait ? answer(form, submission, errorToast(M.tooManyAttempts(Math.ceil(wait / 60))), 429) : null;
    },
    record: (action: RateLimitedAction, account: string) => recordAttempt(kv, action, { ip: clientIp(request), account }),
  };
}

/** Sends an account email; false (and a log line without details) when delivery fails. */
export async function trySend(env: ReturnType<typeof appEnv>, message: Parameters<typeof sendEmail>[1]) {
  try {
    await sendEmail(env, message);
    return true;
  } catch (error) {
    console.error("Account email failed:", error instanceof Error ? error.message : "unknown error");
    return false;
  }
}

/** The account exists: the start-up cookie tells the next page to say so. */
export async function alreadyVerified(args: ActionArgs, to = "/login") {
  const { secret, url } = services(args);
  const headers = new Headers();
  headers.append("Set-Cookie", startupCookie(VERIFIED_COOKIE, true, url));
  headers.append("Set-Cookie", await accountFlowCookie(secret, url, {}));
  headers.set("Location", to);
  return new Response(null, { status: 302, headers });
}

