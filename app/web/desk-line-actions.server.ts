/** The day sheet's and dispatch list's actions on one booked puja: mark done, enter the tracking number. */
import type { RouterContextProvider } from "react-router";
import { z } from "zod";
import { DESK_MESSAGES as M, markDoneSchema, trackingNoSchema } from "~/domain/bookings/desk/desk-inputs";
import { markPujaDone, setPrasadTracking } from "~/domain/bookings/desk/performing.server";
import { prasadDispatchEmail } from "~/domain/bookings/desk/devotee-emails.server";
import { dbFrom } from "~/lib/db.server";
import { templeDeskAccess } from "~/web/role-guards.server";
import { releaseAfterPerformed } from "./payout-release.server";
import { backWithToast, emailedToast, notifyDevotee, notifyLineDevotee } from "./staff-actions.server";
import { parseSubmission, readForm } from "~/lib/form-data.server";
import { notFound } from "~/lib/not-found.server";
import { replyToForm, rowForm } from "~/web/form-reply";

const lineActionSchema = z.discriminatedUnion("intent", [markDoneSchema, trackingNoSchema]);

export async function handleLineAction(args: {
  request: Request;
  context: Readonly<RouterContextProvider>;
  fallback: (templeId: number) => string;
}) {
  const { request, context } = args;
  const { templeId, user } = templeDeskAccess(context);
  const formData = await readForm(request);
  const submission = parseSubmission(formData, lineActionSchema);
  // The row's form answers: `tracking-7` (only the tracking form shows a reply).
  const form = rowForm(String(formData.get("intent") ?? ""), Number(formData.get("lineId")));
  if (submission.status !== "success") return replyToForm(form, submission.reply());
  const db = dbFrom(context);
  const back = args.fallback(templeId);
  if (submission.value.intent === "done") {
    const done = await markPujaDone(db, user.id, templeId, submission.value.lineId);
    if (!done.ok && done.reason === "missing") throw notFound();
    // The devotee is told (their e-mail, their phone where they allow it); the queue sends it.
    // The puja's money, held for the temple until it was performed, goes to the temple.
    if (done.ok) await releaseAfterPerformed(context, submission.value.lineId);
    if (done.ok) await notifyLineDevotee(context, request, { templeId, lineId: submission.value.lineId }, "puja-performed");
    return backWithToast(
      context,
      formData,
      back,
      done.ok ? { type: "success", message: M.done } : { type: "info", message: M.alreadyDone },
    );
  }
  const saved = await setPrasadTracking(db, user.id, templeId, submission.value.lineId, submission.value.trackingNo);
  if (!saved.ok && saved.reason === "missing") throw notFound();
  if (!saved.ok) return replyToForm(form, submission.reply({ fieldErrors: { trackingNo: [M.notPostal] } }));
  const { line } = saved;
  const sent = await notifyDevotee(context, request, {
    kind: "prasad-dispatched",
    customerId: line.customerId,
    params: { pujaName: line.itemName, templeName: line.templeName, trackingNo: line.trackingNo },
    about: { templeId, lineId: line.id },
    email: ({ siteName, origin }) => prasadDispatchEmail(siteName, origin, line),
  });
  return backWithToast(context, formData, back, emailedToast(sent, M.trackingSaved(saved.line.devoteeName)));
}
