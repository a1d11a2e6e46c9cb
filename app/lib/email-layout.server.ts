/**
 * The one layout of the portal's emails, as plain text and simple HTML (inline styles
 * only: mail clients drop style sheets). An email speaks the language of the request that
 * sends it: its words are messages, and the document says its language (`<html lang>`),
 * so mail clients and screen readers pick the right fonts and voice. The font stack names
 * the fonts the Indian scripts have on phones and desktops (Noto on Android, Linux and web
 * mail, Nirmala UI on Windows; Apple's clients fall back to their own per script) and ends
 * in generic families, so a client without any of them still shows every script.
 */
import { currentLocale, type Locale } from "./i18n";
import { m } from "~/paraglide/messages";

export interface EmailContent {
  subject: string;
  text: string;
  html: string;
}

const INDIC_SANS = "'Noto Sans Devanagari','Noto Sans Tamil','Noto Sans Malayalam','Noto Sans Telugu','Noto Sans Kannada','Nirmala UI'";
const BODY_FONTS = `'Noto Sans',${INDIC_SANS},system-ui,-apple-system,'Segoe UI',Roboto,Helvetica,Arial,sans-serif`;
const HEADING_FONTS =
  `Georgia,'Noto Serif','Noto Serif Devanagari','Noto Serif Tamil','Noto Serif Malayalam','Noto Serif ` +
  `Telugu','Noto Serif Kannada',${INDIC_SANS},'Times New Roman',serif`;

export function escapeHtml(value: string): string {
  return value.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#39;");
}

/**
 * A whole HTML email around `bodyHtml` (already escaped): in the request's language (every
 * one of them written left to right), UTF-8, the portal's colours and fonts.
 */
export function emailDocument(title: string, bodyHtml: string, locale: Locale = currentLocale()): string {
  return `<!doctype html>
<html lang="${locale}"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>
<body style="direction:ltr;margin:0;padding:24px;background:#fffaf2;color:#2b1d14;font-family:${BODY_FONTS};line-height:1.5">
${bodyHtml}
</body></html>`;
}

export interface EmailLayout {
  siteName: string;
  greeting: string;
  paragraphs: string[];
  /** A one-time code, shown large. */
  code?: string;
  link?: { href: string; label: string };
  /** Why the reader got this email, in small print. */
  footer?: string;
}

/** A letter from the site: greeting, paragraphs, optional code, link and footer, signed with the site's name. */
export function emailLayout({ siteName, greeting, paragraphs, code, link, footer }: EmailLayout): Omit<EmailContent, "subject"> {
  const text = [
    greeting,
    "",
    ...paragraphs.flatMap((p) => [p, ""]),
    ...(code ? [m.emails_your_code({ code }), ""] : []),
    ...(link ? [`${link.label}: ${link.href}`, ""] : []),
    ...(footer ? [footer, ""] : []),
    `— ${siteName}`,
  ].join("\n");
  const card = `<div style="max-width:560px;margin:0 auto;background:#ffffff;border:1px solid #e6d8c6;border-radius:10px;padding:24px">
<h1 style="margin:0 0 16px;font-family:${HEADING_FONTS};color:#7a1f1f;font-size:22px">${escapeHtml(siteName)}</h1>
<p>${escapeHtml(greeting)}</p>
${paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join("\n")}
${code ? `<p style="font-size:26px;font-weight:700;letter-spacing:3px;color:#7a1f1f">${escapeHtml(code)}</p>` : ""}
${link ? `<p><a href="${escapeHtml(link.href)}" style="color:#7a1f1f">${escapeHtml(link.label)}</a></p>` : ""}
${footer ? `<p style="color:#5f4b3c;font-size:14px">${escapeHtml(footer)}</p>` : ""}
</div>`;
  return { text, html: emailDocument(siteName, card) };
}

/** Text laid out by lines and spaces (a receipt's table), kept as it is in the HTML too. */
export function preformattedEmail(title: string, text: string): string {
  return emailDocument(title, `<pre style="font-family:inherit;white-space:pre-wrap">${escapeHtml(text)}</pre>`);
}
