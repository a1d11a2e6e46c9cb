/** The end of every way of signing in on the portal (password, or a code to the phone). */
import { type CustomerCredentials, saveCustomerLanguage } from "~/domain/accounts/customers.server";
import { ACCOUNT_MESSAGES as M } from "~/domain/accounts/inputs";
import { landingAfterSignIn } from "~/domain/accounts/roles";
import { currentLocale, isLocale, localizePath } from "~/lib/i18n";
import { languageCookie, readLanguageCookie } from "~/lib/locale.server";
import { safeRedirect } from "~/lib/safe-redirect";
import { redirectWithToast } from "~/lib/toast.server";
import { accountFlowCookie } from "./account-cookies.server";
import { type ActionArgs, services } from "./account-actions.server";
import { startSession } from "./auth.server";

/**
 * A new session for `customer` (however they proved who they are), the welcome toast, and on
 * to where they were going, else their landing page.
 */
export async function signedIn(args: ActionArgs, customer: CustomerCredentials, redirectTo: string | undefined) {
  const { secret, url, db } = services(args);
  const headers = new Headers();
  for (const line of await startSession(args.context, args.request, customer)) headers.append("Set-Cookie", line);
  // Choosing login clears registration data.
  headers.append("Set-Cookie", await accountFlowCookie(secret, url, {}));
  // The language the devotee chose before (kept in the profile) comes back with them, unless
  // this browser already carries a choice; either way they stay in a language, not English.
  const remembered = !readLanguageCookie(args.request) && customer.language && isLocale(customer.language) ? customer.language : null;
  if (remembered) headers.append("Set-Cookie", languageCookie(remembered, url));
  // Else the language they use now is the one their messages speak from now on.
  else if (customer.language !== currentLocale()) await saveCustomerLanguage(db, customer.id, currentLocale());
  const target = localizePath(redirectTo ? safeRedirect(redirectTo) : landingAfterSignIn(customer.role), remembered ?? currentLocale());
  return redirectWithToast(target, secret, { type: "success", message: M.welcomeBack(customer.firstName) }, { headers });
}
