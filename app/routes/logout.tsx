import { redirect } from "~/web/redirect.server";
import { ACCOUNT_MESSAGES } from "~/domain/accounts/inputs";
import { endSession } from "~/web/auth.server";
import { appEnv } from "~/lib/context.server";
import { redirectWithToast } from "~/lib/toast.server";
import { safeRedirect } from "~/lib/safe-redirect";
import type { Route } from "./+types/logout";
import { readForm } from "~/lib/form-data.server";

/** Signing out is a POST (from the header); a GET here changes nothing. */
export function loader() {
  return redirect("/");
}

export async function action({ request, context }: Route.ActionArgs) {
  const formData = await readForm(request).catch(() => null);
  const back = safeRedirect(formData?.get("redirectTo"));
  // Pages that need a signed-in customer would only bounce to the login page.
  const to = back.startsWith("/account") ? "/" : back;
  try {
    return redirect(to, { headers: { "Set-Cookie": await endSession(context, request) } });
  } catch (error) {
    console.error("Sign-out failed:", error instanceof Error ? error.message : "unknown error");
    return redirectWithToast(to, appEnv(context).config.SESSION_SECRET, {
      type: "error",
      message: ACCOUNT_MESSAGES.logoutFailed,
    });
  }
}
