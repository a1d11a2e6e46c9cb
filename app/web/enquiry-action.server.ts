import type { RouterContextProvider } from "react-router";
import type { z } from "zod";
import type { Database } from "~/db/client.server";
import { submissionFailedMessage } from "~/domain/enquiries/inputs";
import { dbFrom } from "~/lib/db.server";
import { appEnv } from "~/lib/context.server";
import { redirectWithToast } from "~/lib/toast.server";
import { parseSubmission } from "~/lib/form-data.server";
import { replyToForm } from "./form-reply";

interface EnquiryOptions<Schema extends z.ZodType, Form extends string> {
  context: Readonly<RouterContextProvider>;
  formData: FormData;
  schema: Schema;
  save: (db: Database, value: z.output<Schema>) => Promise<unknown>;
  /** The spec's success toast. */
  success: string;
  /** Where to go after success (post/redirect/get, so a reload never re-submits). */
  redirectTo: string;
  /** The form that answers (see FormReply): its intent on a page with more than one. */
  form: Form;
}

/**
 * A visitor form's action: validate with the form's own schema (400 with inline errors),
 * store, then redirect with the success toast. When storing fails the visitor is told
 * how to reach support instead, and their input stays in the form.
 */
export async function handleEnquiry<Schema extends z.ZodType, Form extends string>(options: EnquiryOptions<Schema, Form>) {
  const submission = parseSubmission(options.formData, options.schema);
  if (submission.status !== "success") return replyToForm(options.form, submission.reply());
  const { config } = appEnv(options.context);
  try {
    await options.save(dbFrom(options.context), submission.value as z.output<Schema>);
  } catch (error) {
    console.error("Could not store an enquiry:", error instanceof Error ? error.message : "unknown error");
    const message = submissionFailedMessage(config.SUPPORT_PHONE, config.SUPPORT_EMAIL);
    return replyToForm(options.form, submission.reply({ formErrors: [message] }), 503);
  }
  return redirectWithToast(options.redirectTo, config.SESSION_SECRET, { type: "success", message: options.success }, { status: 303 });
}
