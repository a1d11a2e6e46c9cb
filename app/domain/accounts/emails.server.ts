/**
 * The account emails, in the one email layout (lib/email-layout.server.ts). They name
 * the site, say what to do and why the reader got them; they never contain a password.
 * They speak the language of the request that sends them, and their links open the
 * portal in that language.
 */
import { type EmailContent, emailLayout } from "~/lib/email-layout.server";
import { localizePath, plural } from "~/lib/i18n";
import { m } from "~/paraglide/messages";
import { CODE_TTL_MINUTES } from "./codes.server";

/** The link in the sign-up email: /verify-email shows a Confirm button for this email and code. */
function confirmEmailUrl(origin: string, email: string, code: string) {
  return `${origin}${localizePath("/verify-email")}?${new URLSearchParams({ email, code })}`;
}

/** The reset form, where the emailed code is entered with the new password. */
const resetFormUrl = (origin: string) => `${origin}${localizePath("/login?form=reset")}`;

const minutes = () => String(CODE_TTL_MINUTES);

export function signupCodeEmail(input: { siteName: string; origin: string; email: string; firstName: string; code: string }): EmailContent {
  return {
    subject: m.emails_signup_subject({ siteName: input.siteName }),
    ...emailLayout({
      siteName: input.siteName,
      greeting: m.emails_greeting({ firstName: input.firstName }),
      paragraphs: [
        plural(CODE_TTL_MINUTES, m.emails_signup_body_one, m.emails_signup_body_other)({ siteName: input.siteName, minutes: minutes() }),
      ],
      code: input.code,
      link: { href: confirmEmailUrl(input.origin, input.email, input.code), label: m.emails_signup_confirm_link() },
      footer: m.emails_signup_footer({ siteName: input.siteName }),
    }),
  };
}

export function resetCodeEmail(input: { siteName: string; origin: string; firstName: string; code: string }): EmailContent {
  return {
    subject: m.emails_reset_subject({ siteName: input.siteName }),
    ...emailLayout({
      siteName: input.siteName,
      greeting: m.emails_greeting({ firstName: input.firstName }),
      paragraphs: [
        plural(CODE_TTL_MINUTES, m.emails_reset_body_one, m.emails_reset_body_other)({ siteName: input.siteName, minutes: minutes() }),
      ],
      code: input.code,
      link: { href: resetFormUrl(input.origin), label: m.emails_reset_link() },
      footer: m.emails_reset_footer(),
    }),
  };
}

export function passwordChangedEmail(input: { siteName: string; firstName: string; supportEmail: string }): EmailContent {
  return {
    subject: m.emails_password_changed_subject({ siteName: input.siteName }),
    ...emailLayout({
      siteName: input.siteName,
      greeting: m.emails_greeting({ firstName: input.firstName }),
      paragraphs: [m.emails_password_changed_body({ siteName: input.siteName })],
      footer: m.emails_password_changed_footer({ supportEmail: input.supportEmail }),
    }),
  };
}
