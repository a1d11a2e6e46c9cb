/**
 * The account's messages: opening the Notifications tab marks them seen (before any loader
 * runs, so the header on that very page counts none), and the profile's message preferences.
 */
import { createContext, type MiddlewareFunction, type RouterContextProvider } from "react-router";
import { forgetDevoteeView } from "~/compose/index.server";
import { notificationPreferencesSchema } from "~/domain/notifications/preference-inputs";
import { markInboxSeen } from "~/domain/notifications/inbox.server";
import { saveNotificationPreferences } from "~/domain/notifications/preferences.server";
import { dbFrom } from "~/lib/db.server";
import { parseSubmission } from "~/lib/form-data.server";
import { m } from "~/paraglide/messages";
import { requireCustomer } from "~/web/auth.server";
import { replyToForm } from "~/web/form-reply";

/** When the devotee had last looked before this visit to the tab (null: never, or another tab). */
const seenBeforeContext = createContext<string | null>(null);

/**
 * A look at the Notifications tab (a GET of `?tab=notifications`) marks the devotee's messages
 * seen. Their view cookie is dropped, so a cached page composed for them next counts none either.
 */
export const markSeenOnOpen: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const url = new URL(request.url);
  if (request.method !== "GET" || url.searchParams.get("tab") !== "notifications") return next();
  const { customer } = await requireCustomer(context, request);
  context.set(seenBeforeContext, await markInboxSeen(dbFrom(context), customer.id));
  return forgetDevoteeView(request, await next());
};

/** For the loader: when the devotee had looked before (messages after it are new to them). */
export function seenBefore(context: Readonly<RouterContextProvider>): string | null {
  return context.get(seenBeforeContext);
}

/** Saves the profile's message preferences; WhatsApp or SMS without a mobile is refused. */
export async function handlePreferences({
  context,
  formData,
  customerId,
}: {
  context: Readonly<RouterContextProvider>;
  formData: FormData;
  customerId: number;
}) {
  const submission = parseSubmission(formData, notificationPreferencesSchema);
  if (submission.status !== "success") return replyToForm("preferences", submission.reply());
  const result = await saveNotificationPreferences(dbFrom(context), customerId, submission.value);
  if (result.status === "no-mobile") {
    return replyToForm("preferences", submission.reply({ formErrors: [m.account_notify_prefs_no_mobile()] }));
  }
  if (result.status === "unknown")
    return replyToForm("preferences", submission.reply({ formErrors: [m.account_notify_prefs_not_saved()] }), 404);
  return replyToForm("preferences", submission.reply(), { status: 200, message: m.account_notify_prefs_saved() });
}
