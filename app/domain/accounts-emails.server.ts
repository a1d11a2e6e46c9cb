/**
 * The account emails, as plain text and simple HTML. They name the site, say what
 * to do and why the reader got them; they never contain a password.
 */
import { CODE_TTL_MINUTES } from "./accounts-codes.server";

export interface EmailContent {
  subject: string;
  text: string;
  html: string;
}

export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#39;");
}

interface Layout {
  siteName: string;
  greeting: string;
  paragraphs: string[];
  code?: string;
  link?: { href: string; label: string };
  footer: string;
}

function render({ siteName, greeting, paragraphs, code, link, footer }: Layout): Omit<EmailContent, "subject"> {
  const text = [
    greeting,
    "",
    ...paragraphs.flatMap((p) => [p, ""]),
    ...(code ? [`Your code: ${code}`, ""] : []),
    ...(link ? [`${link.label}: ${link.href}`, ""] : []),
    footer,
    "",
    `— ${siteName}`,
  ].join("\n");
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(siteName)}</title></head>
<body style="margin:0;padding:24px;background:#fffaf2;color:#2b1d14;font-family:system-ui,sans-serif;line-height:1.5">
<div style="max-width:560px;margin:0 auto;background:#ffffff;border:1px solid #e6d8c6;border-radius:10px;padding:24px">
<h1 style="margin:0 0 16px;font-family:Georgia,serif;color:#7a1f1f;font-size:22px">${escapeHtml(siteName)}</h1>
<p>${escapeHtml(greeting)}</p>
${paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join("\n")}
${code ? `<p style="font-size:26px;font-weight:700;letter-spacing:3px;color:#7a1f1f">${escapeHtml(code)}</p>` : ""}
${link ? `<p><a href="${escapeHtml(link.href)}" style="color:#7a1f1f">${escapeHtml(link.label)}</a></p>` : ""}
<p style="color:#5f4b3c;font-size:14px">${escapeHtml(footer)}</p>
</div></body></html>`;
  return { text, html };
}

/** The link in the sign-up email: /verify-email shows a Confirm button for this email and code. */
function confirmEmailUrl(origin: string, email: string, code: string) {
  return `${origin}/verify-email?${new URLSearchParams({ email, code })}`;
}

/** The reset form, where the emailed code is entered with the new password. */
const resetFormUrl = (origin: string) => `${origin}/login?form=reset`;

export function signupCodeEmail(input: { siteName: string; origin: string; email: string; firstName: string; code: string }): EmailContent {
  return {
    subject: `Your ${input.siteName} verification code`,
    ...render({
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
    ...render({
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
    ...render({
      siteName: input.siteName,
      greeting: `Namaste ${input.firstName},`,
      paragraphs: [
        `The password of your ${input.siteName} account was just changed, and every other device was signed out.`,
      ],
      footer: `If this was not you, reset your password from the sign-in page and write to ${input.supportEmail}.`,
    }),
  };
}
