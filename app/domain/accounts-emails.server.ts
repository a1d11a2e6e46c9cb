/**
 * The account emails, in the one email layout (lib/email-layout.server.ts). They name
 * the site, say what to do and why the reader got them; they never contain a password.
 */
import { type EmailContent, emailLayout } from "~/lib/email-layout.server";
import { CODE_TTL_MINUTES } from "./accounts-codes.server";

/** The link in the sign-up email: /verify-email shows a Confirm button for this email and code. */
function confirmEmailUrl(origin: string, email: string, code: string) {
  return `${origin}/verify-email?${new URLSearchParams({ email, code })}`;
}

/** The reset form, where the emailed code is entered with the new password. */
const resetFormUrl = (origin: string) => `${origin}/login?form=reset`;

export function signupCodeEmail(input: { siteName: string; origin: string; email: string; firstName: string; code: string }): EmailContent {
  return {
    subject: `Your ${input.siteName} verification code`,
    ...emailLayout({
      siteName: input.siteName,
      greeting: `Namaste ${input.firstName},`,
      paragraphs: [
        `Thank you for signing up to ${input.siteName}. Enter this verification code on the sign-up page to finish creating your account. It expires in ${CODE_TTL_MINUTES} minutes.`,
      ],
      code: input.code,
      link: { href: confirmEmailUrl(input.origin, input.email, input.code), label: "Or confirm your email address here" },
      footer: `If you did not sign up to ${input.siteName}, you can ignore this email; no account is created without the code.`,
    }),
  };
}

export function resetCodeEmail(input: { siteName: string; origin: string; firstName: string; code: string }): EmailContent {
  return {
    subject: `Your ${input.siteName} password reset code`,
    ...emailLayout({
      siteName: input.siteName,
      greeting: `Namaste ${input.firstName},`,
      paragraphs: [
        `Someone asked to reset the password of your ${input.siteName} account. Enter this code with your new password on the reset form. It expires in ${CODE_TTL_MINUTES} minutes and works once.`,
      ],
      code: input.code,
      link: { href: resetFormUrl(input.origin), label: "Open the reset form" },
      footer: "If you did not ask for this, ignore this email: your password stays the same.",
    }),
  };
}

export function passwordChangedEmail(input: { siteName: string; firstName: string; supportEmail: string }): EmailContent {
  return {
    subject: `Your ${input.siteName} password was changed`,
    ...emailLayout({
      siteName: input.siteName,
      greeting: `Namaste ${input.firstName},`,
      paragraphs: [
        `The password of your ${input.siteName} account was just changed, and every other device was signed out.`,
      ],
      footer: `If this was not you, reset your password from the sign-in page and write to ${input.supportEmail}.`,
    }),
  };
}
