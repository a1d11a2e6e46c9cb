/** The profile panel's actions: update the profile (a new mobile is verified with a code first), change the password. */
import type { RouterContextProvider } from "react-router";
import type { SubmissionResult } from "@conform-to/react";
import {
  ACCOUNT_MESSAGES as M,
  changePasswordSchema,
  phoneChangeCodeSchema,
  profileSchema,
  tooManyAttemptsMessage,
} from "~/domain/accounts/inputs";
import { confirmPhoneChange, resendPhoneChangeCode, saveProfileVerifyingMobile } from "~/domain/accounts/phone-change.server";
import { phoneServices } from "~/web/account-actions.server";
import { changeOwnPassword } from "~/domain/accounts/signin.server";
import { accountServices } from "~/web/account-services.server";
import { type CurrentSession, startSession } from "~/web/auth.server";
import { appEnv } from "~/lib/context.server";
import { parseSubmission } from "~/lib/form-data.server";
import { replyToForm } from "~/web/form-reply";

interface Args {
  request: Request;
  context: Readonly<RouterContextProvider>;
  formData: FormData;
  session: CurrentSession;
}

const HIDDEN = ["currentPassword", "newPassword", "confirmPassword"];

const phoneServicesFor = ({ request, context }: Pick<Args, "request" | "context">) => {
  const env = appEnv(context);
  return phoneServices(env, accountServices(env, request));
};

/** Saves the profile; a changed mobile waits for the code sent to it (the verify form shows under the profile). */
export async function handleProfileUpdate(args: Args) {
  const submission = parseSubmission(args.formData, profileSchema);
  if (submission.status !== "success") {
    return replyToForm("profile", submission.reply());
  }
  const result = await saveProfileVerifyingMobile(phoneServicesFor(args), args.session.customer.id, submission.value);
  if (result.status === "bad-star") {
    return replyToForm("profile", submission.reply({ fieldErrors: { starId: [M.chooseStar] } }));
  }
  if (result.status === "saved") return replyToForm("profile", submission.reply(), { status: 200, message: M.profileUpdated });
  // The other fields are saved either way; the mobile field says what became of the new number.
  if (result.status === "code-sent") return replyToForm("profile", submission.reply(), { status: 200, message: M.phoneChangeSent });
  const problem = result.status === "limited" ? tooManyAttemptsMessage(result.retryAfter) : M.phoneSendFailed;
  return replyToForm("profile", submission.reply({ fieldErrors: { mobile: [problem] } }), result.status === "limited" ? 429 : 503);
}

type PhoneChangeResult = Awaited<ReturnType<typeof confirmPhoneChange> | ReturnType<typeof resendPhoneChangeCode>>;

const PHONE_CHANGE_ANSWERS: Record<PhoneChangeResult["status"], { status: number; type: "success" | "error"; message: () => string }> = {
  changed: { status: 200, type: "success", message: () => M.phoneChanged },
  "code-sent": { status: 200, type: "success", message: () => M.phoneCodeSent },
  "send-failed": { status: 503, type: "error", message: () => M.phoneSendFailed },
  mismatch: { status: 400, type: "error", message: () => M.codeMismatch },
  expired: { status: 400, type: "error", message: () => M.codeExpired },
  limited: { status: 429, type: "error", message: () => "" },
};

function answerPhoneChange(submission: { reply(options: { resetForm: boolean }): SubmissionResult<string[]> }, result: PhoneChangeResult) {
  const answer = PHONE_CHANGE_ANSWERS[result.status];
  const message = result.status === "limited" ? tooManyAttemptsMessage(result.retryAfter) : answer.message();
  return replyToForm("phone-change", submission.reply({ resetForm: true }), {
    status: answer.status,
    toast: { type: answer.type, message },
  });
}

/** "Verify": the code sent to the new mobile. */
export async function handlePhoneChange(args: Args) {
  const submission = parseSubmission(args.formData, phoneChangeCodeSchema);
  if (submission.status !== "success") return replyToForm("phone-change", submission.reply());
  return answerPhoneChange(submission, await confirmPhoneChange(phoneServicesFor(args), args.session.customer.id, submission.value.code));
}

/** "Resend code": another code to the new mobile. */
export async function handlePhoneChangeResend(args: Args) {
  const submission = parseSubmission(args.formData, phoneChangeCodeSchema.pick({}));
  return answerPhoneChange(submission, await resendPhoneChangeCode(phoneServicesFor(args), args.session.customer.id));
}

export async function handlePasswordChange({ request, context, formData, session }: Args) {
  const { customer } = session;
  const submission = parseSubmission(formData, changePasswordSchema(customer.email));
  if (submission.status !== "success") {
    return replyToForm("password", submission.reply({ hideFields: HIDDEN }));
  }
  const result = await changeOwnPassword(accountServices(appEnv(context), request), customer, submission.value);
  if (result.status === "limited") {
    const reply = submission.reply({ formErrors: [tooManyAttemptsMessage(result.retryAfter)], hideFields: HIDDEN });
    return replyToForm("password", reply, 429);
  }
  if (result.status === "wrong") {
    const reply = submission.reply({ fieldErrors: { currentPassword: [M.currentPasswordWrong] }, hideFields: HIDDEN });
    return replyToForm("password", reply);
  }
  // This browser stays signed in with a new session id (the cookie is replaced, so a
  // copy of the old one stops working); every other session was made with the old
  // password and is stale from now on.
  const cookies = await startSession(context, request, result.customer);
  return replyToForm("password", submission.reply({ resetForm: true }), {
    status: 200,
    message: M.passwordChanged,
    headers: cookies.map((line): [string, string] => ["Set-Cookie", line]),
  });
}
