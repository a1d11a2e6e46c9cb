/** The day sheet's and dispatch list's actions on one booked puja: mark done, enter the tracking number. */
import type { SubmissionResult } from "@conform-to/react";
import { data, type RouterContextProvider } from "react-router";
import { z } from "zod";
import { DESK_MESSAGES as M, markDoneSchema, trackingNoSchema } from "~/domain/desk";
import { markPujaDone, setPrasadTracking } from "~/domain/desk-bookings.server";
import { prasadDispatchEmail } from "~/domain/desk-emails.server";
import { dbFrom } from "~/lib/db.server";
import { templeDeskAccess } from "~/web/role-guards.server";
import { backWithToast, emailDevotee, emailedToast } from "./desk-actions.server";
import { parseSubmission, readForm } from "~/lib/form-data.server";
import { notFound } from "~/lib/not-found.server";

const lineActionSchema = z.discriminatedUnion("intent", [markDoneSchema, trackingNoSchema]);

export interface LineActionData {
  lineId: number;
  result: SubmissionResult<string[]>;
}

export async function handleLineAction(args: { request: Request; context: Readonly<RouterContextProvider>; fallback: (templeId: number) => string }) {
  const { request, context } = args;
  const { templeId, user } = templeDeskAccess(context);
  const formData = await readForm(request);
  const submission = parseSubmission(formData, lineActionSchema);
  const lineId = Number(formData.get("lineId"));
  if (submission.status !== "success") return data<LineActionData>({ lineId, result: submission.reply() }, { status: 400 });
  const db = dbFrom(context);
  const back = args.fallback(templeId);
  if (submission.value.intent === "done") {
    const done = await markPujaDone(db, user.id, templeId, submission.value.lineId);
    if (!done.ok && done.reason === "missing") throw notFound();
    return backWithToast(context, formData, back, done.ok ? { type: "success", message: M.done } : { type: "info", message: M.alreadyDone });
  }
  const saved = await setPrasadTracking(db, user.id, templeId, submission.value.lineId, submission.value.trackingNo);
  if (!saved.ok && saved.reason === "missing") throw notFound();
  if (!saved.ok) return data<LineActionData>({ lineId, result: submission.reply({ fieldErrors: { trackingNo: [M.notPostal] } }) }, { status: 400 });
  const sent = await emailDevotee(context, request, saved.line.email, ({ siteName, origin }) => prasadDispatchEmail(siteName, origin, saved.line));
  return backWithToast(context, formData, back, emailedToast(sent, M.trackingSaved(saved.line.devoteeName)));
}
