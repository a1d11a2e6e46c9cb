import { useNavigation } from "react-router";
import { m } from "~/paraglide/messages";
import { Form, Link } from "~/components/layout/localized";
import { redirect } from "~/web/redirect.server";
import { ActionToast, Emphasised } from "~/components/account/account-fetcher";
import { ACCOUNT_MESSAGES as M, verifySchema } from "~/domain/accounts/inputs";
import { confirmRegistration } from "~/domain/accounts/flows.server";
import { NEW_USER_COOKIE, accountFlowCookie, startupCookie } from "~/web/account-cookies.server";
import { pageMeta } from "~/lib/meta";
import { pagePath } from "~/lib/i18n";
import type { Route } from "./+types/verify-email";
import { alreadyVerified, answer, errorToast, refused, services } from "~/web/account-actions.server";
import { parseSubmission, readForm } from "~/lib/form-data.server";
import { formReplyFor } from "~/web/form-reply";

/**
 * The link in the sign-up email. Opening it only shows a Confirm button: mail
 * scanners that fetch links must not use up the code. Confirming creates the
 * account, and the start-up cookie greets the devotee on the next page, which asks
 * them to sign in (the link may be opened on another device).
 */
export function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const email = url.searchParams.get("email") ?? "";
  const code = url.searchParams.get("code") ?? "";
  if (!email || !code) throw redirect("/login?form=verify");
  return { email, code };
}

export async function action(args: Route.ActionArgs) {
  const formData = await readForm(args.request);
  const actionArgs = { request: args.request, context: args.context, formData };
  const submission = parseSubmission(formData, verifySchema);
  if (submission.status !== "success") return answer("verify", submission, errorToast(M.codeMismatch));
  const { secret, url, account } = services(actionArgs);
  const result = await confirmRegistration(account, submission.value);
  if (result.status === "limited") return refused("verify", submission, result.retryAfter);
  if (result.status === "already-verified") return alreadyVerified(actionArgs, "/");
  if (result.status !== "created") {
    return answer("verify", submission, errorToast(result.status === "expired" ? M.codeExpired : M.codeMismatch));
  }
  const headers = new Headers({ Location: pagePath("/login") });
  headers.append("Set-Cookie", startupCookie(NEW_USER_COOKIE, true, url));
  headers.append("Set-Cookie", await accountFlowCookie(secret, url, {}));
  return new Response(null, { status: 302, headers });
}

export const meta = () => pageMeta(m.account_confirm_email_title());

/** The address holds a one-time code: keep it out of caches and Referer headers. */
export const headers = () => ({ "Cache-Control": "no-store", "Referrer-Policy": "no-referrer" });

export default function VerifyEmail({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  return (
    <section className="page page--narrow account-page" aria-labelledby="verify-email-title">
      <h1 id="verify-email-title">{m.account_confirm_email_title()}</h1>
      <div className="account-card">
        <p>
          <Emphasised message={(value) => m.account_confirm_email_text({ email: value })} value={loaderData.email} />
        </p>
        <Form method="post" className="account-form">
          <input type="hidden" name="email" value={loaderData.email} />
          <input type="hidden" name="code" value={loaderData.code} />
          <button type="submit" className="button button--primary" disabled={busy} aria-busy={busy}>
            {m.account_confirm_email_button()}
          </button>
        </Form>
        <p className="account-form__links">
          <Link to="/login?form=verify">{m.account_enter_code_instead()}</Link>
        </p>
        <ActionToast toast={formReplyFor(actionData, "verify")?.toast} />
      </div>
    </section>
  );
}
