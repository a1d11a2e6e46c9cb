/** The profile panel's actions: update the profile, change the password. */
import { data, type RouterContextProvider } from "react-router";
import type { ProfileActionData } from "~/components/account-profile-form";
import { ACCOUNT_MESSAGES as M, changePasswordSchema, profileSchema, tooManyAttemptsMessage } from "~/domain/accounts";
import { updateProfile } from "~/domain/accounts.server";
import { changeOwnPassword } from "~/domain/accounts-signin.server";
import { accountServices } from "~/lib/account-services.server";
import { type CurrentSession, startSession } from "~/web/auth.server";
import { createDb } from "~/db/client.server";
import { appEnv } from "~/lib/context.server";
import { parseSubmission } from "~/lib/form-data.server";

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
    return data<ProfileActionData>({ form: "profile", result: submission.reply() }, { status: 400 });
  }
  const saved = await updateProfile(createDb(appEnv(context).bindings.DB), session.customer.id, submission.value);
  if (!saved) {
    const result = submission.reply({ fieldErrors: { starId: [M.chooseStar] } });
    return data<ProfileActionData>({ form: "profile", result }, { status: 400 });
  }
  return data<ProfileActionData>({ form: "profile", result: submission.reply(), status: M.profileUpdated });
}

export async function handlePasswordChange({ request, context, formData, session }: Args) {
  const { customer } = session;
  const submission = parseSubmission(formData, changePasswordSchema(customer.email));
  if (submission.status !== "success") {
    return data<ProfileActionData>({ form: "password", result: submission.reply({ hideFields: HIDDEN }) }, { status: 400 });
  }
  const result = await changeOwnPassword(accountServices(appEnv(context), request), customer, submission.value);
  if (result.status === "limited") {
    const reply = submission.reply({ formErrors: [tooManyAttemptsMessage(result.retryAfter)], hideFields: HIDDEN });
    return data<ProfileActionData>({ form: "password", result: reply }, { status: 429 });
  }
  if (result.status === "wrong") {
    const reply = submission.reply({ fieldErrors: { currentPassword: [M.currentPasswordWrong] }, hideFields: HIDDEN });
    return data<ProfileActionData>({ form: "password", result: reply }, { status: 400 });
  }
  // This browser stays signed in with a new session id (the cookie is replaced, so a
  // copy of the old one stops working); every other session was made with the old
  // password and is stale from now on.
  const cookie = await startSession(context, request, result.customer);
  return data<ProfileActionData>(
    { form: "password", result: submission.reply({ resetForm: true }), status: M.passwordChanged },
    { headers: { "Set-Cookie": cookie } },
  );
}
