/** My Transactions' "Cannot come on the day?": ask the temple to move a booked puja, or withdraw the ask. */
import type { RouterContextProvider } from "react-router";
import { askMoveSchema, DATE_CHANGE_MESSAGES as M, withdrawMoveSchema } from "~/domain/bookings/desk/date-change-inputs";
import { askToMoveDate, withdrawDateChange } from "~/domain/bookings/desk/date-changes.server";
import type { CurrentSession } from "~/web/auth.server";
import { dbFrom } from "~/lib/db.server";
import { appEnv } from "~/lib/context.server";
import { parseSubmission } from "~/lib/form-data.server";
import { redirectWithToast } from "~/lib/toast.server";
import { replyToForm, rowForm } from "~/web/form-reply";

interface Args {
  context: Readonly<RouterContextProvider>;
  formData: FormData;
  session: CurrentSession;
}

const COMPLETED = "/account?tab=transactions&view=completed";

export async function handleAskMove({ context, formData, session }: Args) {
  const submission = parseSubmission(formData, askMoveSchema);
  const form = rowForm("move-date", Number(formData.get("lineId")) || 0);
  if (submission.status !== "success") return replyToForm(form, submission.reply());
  const asked = await askToMoveDate(dbFrom(context), session.customer.id, submission.value);
  if (!asked.ok && asked.field)
    return replyToForm(form, submission.reply({ fieldErrors: { [asked.field]: [asked.message] } }), asked.status);
  // Not theirs, already asked, or its day has come: the line shows no form to answer, so a toast says why.
  const toast = asked.ok
    ? { type: "success" as const, message: M.asked(asked.templeName) }
    : { type: "error" as const, message: asked.message };
  return redirectWithToast(COMPLETED, appEnv(context).config.SESSION_SECRET, toast, { status: 303 });
}

export async function handleWithdrawMove({ context, formData, session }: Args) {
  const parsed = withdrawMoveSchema.safeParse(Object.fromEntries(formData));
  const withdrawn = parsed.success && (await withdrawDateChange(dbFrom(context), session.customer.id, parsed.data.changeId));
  const toast = withdrawn ? { type: "success" as const, message: M.withdrawn } : { type: "error" as const, message: M.notOpen };
  return redirectWithToast(COMPLETED, appEnv(context).config.SESSION_SECRET, toast, { status: 303 });
}
