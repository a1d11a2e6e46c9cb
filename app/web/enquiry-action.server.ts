import { data, type RouterContextProvider } from "react-router";
import type { z } from "zod";
import type { Database } from "~/db/client.server";
import { submissionFailedMessage } from "~/domain/enquiries";
import { dbFrom } from "~/lib/db.server";
import { appEnv } from "~/lib/context.server";
import { redirectWithToast } from "~/lib/toast.server";
import { parseSubmission } from "~/lib/form-data.server";

interface EnquiryOptions<Schema extends z.ZodType> {
  context: Readonly<RouterContextProvider>;
  formData: FormData;
  schema: Schema;
  save: (db: Database, value: z.output<Schema>) => Promise<unknown>;
  /** The spec's success toast. */
  success: string;
  /** Where to go after success (post/redirect/get, so a reload never re-submits). */
  redirectTo: string;
  /** Which of a page's forms this is, for pages with more than one. */
  intent?: string;
}

/**
 * A visitor form's action: validate with the form's own schema (400 with inline errors),
 * store, then redirect with the success toast. When storing fails the visitor is told
 * how to reach support instead, and their input stays in the form.
 */
export async function handleEnquiry<Schema extends z.ZodType>(options: EnquiryOptions<Schema>) {
  const submission = parseSubmission(options.formData, options.schema);
  if (submission.status !== "success") {
    return data({ intent: options.intent, result: submission.reply() }, { status: 400 });
  }
  const { config } = appEnv(options.context);
  try {
    await options.save(dbFrom(options.context), submission.value as z.output<Schema>);
  } catch (error) {
    console.error("Could not store an enquiry:", error instanceof Error ? error.message : "unknown error");
    const message = submissionFailedMessage(config.SUPPORT_PHONE, config.SUPPORT_EMAIL);
    return data({ intent: options.intent, result: submission.reply({ formErrors: [message] }) }, { status: 503 });
  }
  return redirectWithToast(options.redirectTo, config.SESSION_SECRET, { type: "success", message: options.success }, { status: 303 });
}
