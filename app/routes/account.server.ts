/** The profile panel's actions: update the profile, change the password. */
import { parseWithZod } from "@conform-to/zod/v4";
import { data, type RouterContextProvider } from "react-router";
import type { ProfileActionData } from "~/components/account-profile-form";
import { ACCOUNT_MESSAGES as M, changePasswordSchema, profileSchema } from "~/domain/accounts";
import { changePassword, updateProfile } from "~/domain/accounts.server";
import { passwordChangedEmail } from "~/domain/accounts-emails.server";
import { type CurrentSession, startSession } from "~/lib/auth.server";
import { createDb } from "~/db/client.server";
import { appEnv } from "~/lib/context.server";
import { checkRateLimit, clientIp, recordAttempt } from "~/lib/rate-limit.server";
import { trySend } from "~/lib/account-actions.server";

interface Args {
  request: Request;
  context: Readonly<RouterContextProvider>;
  formData: FormData;
  session: CurrentSession;
}

const HIDDEN = ["currentPassword", "newPassword", "confirmPassword"];

export async function handleProfileUpdate({ context, formData, session }: Args) {
  const submission = parseWithZod(formData, { schema: profileSchema });
  if (submission.status !== "success") {
    return data<ProfileActionData>({ form: "profile", result: submission.reply() }, { status: 400 });
  }
  const saved = await updateProfile(createDb(appEnv(context).bindings.DB), session.customer.id, submission.value);
  if (!saved) {
    const result = submission.reply({ fieldErrors: { starId: ["Choose a star from the list"] } });
    return data<ProfileActionData>({ form: "profile", result }, { status: 400 });
  }
  return data<ProfileActionData>({ form: "profile", result: submission.reply(), status: M.profileUpdated });
}

export async function handlePasswordChange({ request, context, formData, session }: Args) {
  const { customer } = session;
  const submission = parseWithZod(formData, { schema: changePasswordSchema(customer.email) });
  if (submission.status !== "success") {
    return data<ProfileActionData>({ form: "password", result: submission.reply({ hideFields: HIDDEN }) }, { status: 400 });
  }
  const env = appEnv(context);
  const kv = env.bindings.SESSIONS;
  // Guessing the current password from a stolen session counts as failed sign-ins.
  const subject = { ip: clientIp(request), account: customer.email };
  const wait = await checkRateLimit(kv, "login", subject);
  if (wait) {
    const result = submission.reply({ formErrors: [M.tooManyAttempts(Math.ceil(wait / 60))], hideFields: HIDDEN });
    return data<ProfileActionData>({ form: "password", result }, { status: 429 });
  }
  const { currentPassword, newPassword } = submission.value;
  const updated = await changePassword(createDb(env.bindings.DB), customer.id, currentPassword, newPassword);
  if (!updated) {
    await recordAttempt(kv, "login", subject);
    const result = submission.reply({ fieldErrors: { currentPassword: [M.currentPasswordWrong] }, hideFields: HIDDEN });
    return data<ProfileActionData>({ form: "password", result }, { status: 400 });
  }
  // A new session id for this browser; every other session was made with the old
  // password and is stale from now on.
  const cookie = await startSession(context, request, updated);
  await trySend(env, {
    to: customer.email,
    ...passwordChangedEmail({ siteName: env.config.SITE_NAME, firstName: customer.firstName, supportEmail: env.config.SUPPORT_EMAIL }),
  });
  return data<ProfileActionData>(
    { form: "password", result: submission.reply({ resetForm: true }), status: M.passwordChanged },
    { headers: { "Set-Cookie": cookie } },
  );
}
