import { data } from "react-router";
import { m } from "~/paraglide/messages";
import { Link } from "~/components/layout/localized";
import { redirect } from "~/web/redirect.server";
import type { AccountFormName } from "~/web/account-forms";
import { ForgotForm, ResetForm } from "~/components/account/account-recovery-forms";
import { SignInForm } from "~/components/account/account-signin-form";
import { RegisterForm } from "~/components/account/account-signup-forms";
import { VerifyForm } from "~/components/account/account-verify-form";
import { PhoneAccountForm, PhoneCodeForm, PhoneForm } from "~/components/account/account-phone-forms";
import { accountsToChoose } from "~/domain/accounts/phone-signin.server";
import { dbFrom } from "~/lib/db.server";
import { accountFlowCookie, readAccountFlow } from "~/web/account-cookies.server";
import { getCurrentSession } from "~/web/auth.server";
import { appEnv } from "~/lib/context.server";
import { pageMeta } from "~/lib/meta";
import { safeRedirect } from "~/lib/safe-redirect";
import type { Route } from "./+types/login";
import { handleForgot, handleReset } from "./login-recovery.server";
import { handleLogin, handleRegister, handleResendSignup, handleVerify } from "./login.server";
import { handlePhoneAccount, handlePhoneCode, handlePhoneSend } from "./login-phone.server";
import { readForm } from "~/lib/form-data.server";

const FORMS: AccountFormName[] = ["login", "register", "verify", "forgot", "reset", "phone", "phone-code", "phone-account"];

/** Each form's heading, in the page's language. */
const HEADINGS: Record<AccountFormName, () => string> = {
  login: () => m.account_sign_in(),
  register: () => m.account_sign_up(),
  verify: () => m.account_heading_verify(),
  forgot: () => m.account_heading_forgot(),
  reset: () => m.account_heading_reset(),
  phone: () => m.account_phone_sign_in_link(),
  "phone-code": () => m.account_heading_phone_code(),
  "phone-account": () => m.account_heading_phone_account(),
};

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  if (await getCurrentSession(context)) throw redirect(safeRedirect(url.searchParams.get("redirectTo")));
  const secret = appEnv(context).config.SESSION_SECRET;
  const flow = await readAccountFlow(request, secret);
  const requested = FORMS.find((f) => f === url.searchParams.get("form")) ?? "login";
  let form = requested;
  if (form === "verify" && !flow.signupEmail) form = "register";
  if (form === "reset" && !flow.resetEmail) form = "forgot";
  if (form === "phone-code" && !flow.phone) form = "phone";
  // Also for a post of the choice made without JavaScript: the page answering it offers the same accounts.
  const choices = flow.phoneChoice ? await accountsToChoose(dbFrom(context), secret, flow.phoneChoice) : null;
  if (form === "phone-account" && !choices?.length) form = "phone";
  const headers = new Headers();
  if (form === "login" && flow.signupEmail) {
    // Choosing login clears registration data.
    headers.append("Set-Cookie", await accountFlowCookie(secret, url, { resetEmail: flow.resetEmail }));
  }
  return data(
    {
      form,
      signupEmail: flow.signupEmail ?? null,
      resetEmail: flow.resetEmail ?? null,
      phone: flow.phone ?? null,
      choices,
      redirectTo: url.searchParams.has("redirectTo") ? safeRedirect(url.searchParams.get("redirectTo")) : null,
    },
    { headers },
  );
}

export async function action({ request, context }: Route.ActionArgs) {
  const formData = await readForm(request);
  const args = { request, context, formData };
  switch (formData.get("intent")) {
    case "login":
      return handleLogin(args);
    case "register":
      return handleRegister(args);
    case "verify":
      return handleVerify(args);
    case "resend-signup":
      return handleResendSignup(args);
    case "forgot":
      return handleForgot(args, "forgot");
    case "resend-reset":
      return handleForgot(args, "reset");
    case "reset":
      return handleReset(args);
    case "phone":
      return handlePhoneSend(args, "phone");
    case "phone-resend":
      return handlePhoneSend(args, "phone-code");
    case "phone-code":
      return handlePhoneCode(args);
    case "phone-account":
      return handlePhoneAccount(args);
    default:
      throw data(m.account_unknown_form(), { status: 400 });
  }
}

export const meta = () => pageMeta(m.account_sign_in(), m.account_login_meta_description());

export const headers = () => ({ "Cache-Control": "no-store" });

export default function Login({ loaderData, actionData }: Route.ComponentProps) {
  const form = actionData?.form ?? loaderData.form;
  const submittedEmail = actionData?.result.initialValue?.email;
  const emailFor = (stored: string | null) => stored ?? (typeof submittedEmail === "string" ? submittedEmail : null);
  const verifyEmail = emailFor(loaderData.signupEmail);
  const resetEmail = emailFor(loaderData.resetEmail);
  const redirectTo = loaderData.redirectTo ?? undefined;
  // A code posted without JavaScript from a browser that kept no flow cookie: the answer keeps the phone it was for.
  const submittedPhone = actionData?.result.initialValue?.phone;
  const codePhone = loaderData.phone ?? (typeof submittedPhone === "string" ? submittedPhone : null);
  const signingIn = form === "login" || form.startsWith("phone");
  return (
    <section className="page page--narrow account-page" aria-labelledby="login-title">
      <h1 id="login-title">{HEADINGS[form]()}</h1>
      <nav className="account-tabs" aria-label={m.account_forms_nav_label()}>
        <Link to="/login?form=login" aria-current={signingIn ? "page" : undefined}>
          {m.account_sign_in()}
        </Link>
        <Link to="/login?form=register" aria-current={form === "register" || form === "verify" ? "page" : undefined}>
          {m.account_sign_up()}
        </Link>
      </nav>
      <div className="account-card">
        {form === "login" ? (
          <>
            <p>{m.account_sign_in_intro()}</p>
            <SignInForm placement="page" serverData={actionData} redirectTo={redirectTo} />
            <p className="account-form__links">
              <Link to={`/login?form=phone${redirectTo ? `&redirectTo=${encodeURIComponent(redirectTo)}` : ""}`}>
                {m.account_phone_sign_in_link()}
              </Link>
            </p>
          </>
        ) : null}
        {form === "phone" || (form === "phone-code" && !codePhone) || (form === "phone-account" && !loaderData.choices?.length) ? (
          <PhoneForm serverData={actionData} redirectTo={redirectTo} />
        ) : null}
        {form === "phone-code" && codePhone ? <PhoneCodeForm serverData={actionData} redirectTo={redirectTo} phone={codePhone} /> : null}
        {form === "phone-account" && loaderData.choices?.length ? (
          <PhoneAccountForm serverData={actionData} redirectTo={redirectTo} choices={loaderData.choices} />
        ) : null}
        {form === "register" ? <RegisterForm placement="page" serverData={actionData} /> : null}
        {form === "verify" && verifyEmail ? <VerifyForm serverData={actionData} email={verifyEmail} /> : null}
        {form === "forgot" || (form === "reset" && !resetEmail) ? <ForgotForm placement="page" serverData={actionData} /> : null}
        {form === "reset" && resetEmail ? <ResetForm serverData={actionData} email={resetEmail} /> : null}
        {form === "verify" && !verifyEmail ? <RegisterForm placement="page" serverData={actionData} /> : null}
      </div>
    </section>
  );
}
