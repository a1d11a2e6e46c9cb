/** The profile panel's actions: update the profile, change the password. */
import type { RouterContextProvider } from "react-router";
import { ACCOUNT_MESSAGES as M, changePasswordSchema, profileSchema, tooManyAttemptsMessage } from "~/domain/accounts/inputs";
import { updateProfile } from "~/domain/accounts/customers.server";
import { changeOwnPassword } from "~/domain/accounts/signin.server";
import { accountServices } from "~/web/account-services.server";
import { type CurrentSession, startSession } from "~/web/auth.server";
import { createDb } from "~/db/client.server";
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

export async function handleProfileUpdate({ context, formData, session }: Args) {
  const submission = parseSubmission(formData, profileSchema);
  if (submission.status !== "success") {
    return replyToForm("profile", submission.reply());
  }
  const saved = await updateProfile(createDb(appEnv(context).bindings.DB), session.customer.id, submission.value);
  if (!saved) {
    return replyToForm("profile", submission.reply({ fieldErrors: { starId: [M.chooseStar] } }));
  }
  return replyToForm("profile", submission.reply(), { status: 200, message: M.profileUpdated });
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
  const cookie = await startSession(context, request, result.customer);
  return replyToForm("password", submission.reply({ resetForm: true }), {
    status: 200,
    message: M.passwordChanged,
    headers: { "Set-Cookie": cookie },
  });
}
