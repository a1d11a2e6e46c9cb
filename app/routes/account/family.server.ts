/** The Family tab's actions: add, change and remove the people a devotee books for. */
import type { RouterContextProvider } from "react-router";
import { FAMILY_MESSAGES as M, familyMemberEditSchema, familyMemberRemoveSchema, familyMemberSchema } from "~/domain/accounts/family";
import { addFamilyMember, removeFamilyMember, updateFamilyMember } from "~/domain/accounts/family.server";
import type { CurrentSession } from "~/web/auth.server";
import { dbFrom } from "~/lib/db.server";
import { appEnv } from "~/lib/context.server";
import { parseSubmission } from "~/lib/form-data.server";
import { notFound } from "~/lib/not-found.server";
import { redirectWithToast } from "~/lib/toast.server";
import { replyToForm } from "~/web/form-reply";

interface Args {
  context: Readonly<RouterContextProvider>;
  formData: FormData;
  session: CurrentSession;
}

export const FAMILY_TAB = "/account?tab=family";

const done = (context: Args["context"], message: string) =>
  redirectWithToast(FAMILY_TAB, appEnv(context).config.SESSION_SECRET, { type: "success", message }, { status: 303 });

export async function handleFamilyAdd({ context, formData, session }: Args) {
  const submission = parseSubmission(formData, familyMemberSchema);
  if (submission.status !== "success") return replyToForm("family-add", submission.reply());
  const added = await addFamilyMember(dbFrom(context), session.customer.id, submission.value);
  if (!added.ok) return replyToForm("family-add", submission.reply({ formErrors: [M.full] }));
  return done(context, M.added);
}

export async function handleFamilyEdit({ context, formData, session }: Args) {
  const submission = parseSubmission(formData, familyMemberEditSchema);
  if (submission.status !== "success") return replyToForm("family-edit", submission.reply());
  const { memberId, ...input } = submission.value;
  if (!(await updateFamilyMember(dbFrom(context), session.customer.id, memberId, input))) throw notFound();
  return done(context, M.saved);
}

export async function handleFamilyRemove({ context, formData, session }: Args) {
  const submission = parseSubmission(formData, familyMemberRemoveSchema);
  if (submission.status !== "success") throw notFound();
  if (!(await removeFamilyMember(dbFrom(context), session.customer.id, submission.value.memberId))) throw notFound();
  return done(context, M.removed);
}
