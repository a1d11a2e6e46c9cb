/**
 * The language switch (header and footer): a plain form post, so it works without
 * JavaScript. The choice is kept in the `lang` cookie and, for a signed-in devotee, in their
 * profile; the browser goes back to the same page in the chosen language.
 */
import { redirect } from "~/web/redirect.server";
import { z } from "zod";
import { saveCustomerLanguage } from "~/domain/accounts/customers.server";
import { getCurrentSession } from "~/web/auth.server";
import { dbFrom } from "~/lib/db.server";
import { readForm } from "~/lib/form-data.server";
import { localizePath, locales, pageLocation } from "~/lib/i18n";
import { languageCookie } from "~/lib/locale.server";
import { notFound } from "~/lib/not-found.server";
import { safeRedirect } from "~/lib/safe-redirect";
import type { Route } from "./+types/language";

export const languageChoiceSchema = z.object({
  lang: z.enum(locales),
  redirectTo: z.string().max(2048).optional(),
});

export function loader() {
  throw notFound();
}

export async function action({ request, context }: Route.ActionArgs) {
  const formData = await readForm(request, { maxFields: 4 });
  const parsed = languageChoiceSchema.safeParse(Object.fromEntries(formData));
  const back = safeRedirect(formData.get("redirectTo"), "/");
  if (!parsed.success) throw redirect(back, 303);
  const { lang } = parsed.data;
  const session = await getCurrentSession(context);
  if (session) await saveCustomerLanguage(dbFrom(context), session.customer.id, lang);
  return redirect(pageLocation(localizePath(back, lang), lang), {
    status: 303,
    headers: { "Set-Cookie": languageCookie(lang, new URL(request.url)) },
  });
}
