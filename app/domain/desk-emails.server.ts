/** Emails the desk sends devotees: a request answered, prasad dispatched. Plain text and simple HTML. */
import { escapeHtml, type EmailContent } from "./accounts-emails.server";
import type { DecidedRequest } from "./desk-requests.server";
import { longDate } from "./text";

function render(siteName: string, greeting: string, paragraphs: string[], link: { href: string; label: string }): Omit<EmailContent, "subject"> {
  const text = [greeting, "", ...paragraphs.flatMap((p) => [p, ""]), `${link.label}: ${link.href}`, "", `— ${siteName}`].join("\n");
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(siteName)}</title></head>
<body style="margin:0;padding:24px;background:#fffaf2;color:#2b1d14;font-family:system-ui,sans-serif;line-height:1.5">
<div style="max-width:560px;margin:0 auto;background:#ffffff;border:1px solid #e6d8c6;border-radius:10px;padding:24px">
<h1 style="margin:0 0 16px;font-family:Georgia,serif;color:#7a1f1f;font-size:22px">${escapeHtml(siteName)}</h1>
<p>${escapeHtml(greeting)}</p>
${paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join("\n")}
<p><a href="${escapeHtml(link.href)}" style="color:#7a1f1f">${escapeHtml(link.label)}</a></p>
</div></body></html>`;
  return { text, html };
}

export function requestDecisionEmail(siteName: string, origin: string, request: DecidedRequest): EmailContent {
  const what = `${request.pujaName} for ${request.devoteeName} at ${request.templeName}`;
  const greeting = `Namaste ${request.firstName},`;
  if (request.decision === "reject") {
    return {
      subject: `Your puja request was declined: ${request.pujaName}`,
      ...render(siteName, greeting, [`${request.templeName} could not accept your request for ${what} on ${longDate(request.pujaDate)}.`, `Reason: ${request.note}`, "You may request another date from the temple's page."], { href: `${origin}/account?tab=transactions&view=requested`, label: "See your requests" }),
    };
  }
  const date = longDate(request.newDate ?? request.pujaDate);
  const paragraphs =
    request.decision === "propose"
      ? [`${request.templeName} cannot perform ${what} on ${longDate(request.pujaDate)}, and offers ${date} instead.`, request.note ?? "", "If the new date suits you, add it to your cart and pay; otherwise you need do nothing."]
      : [`${request.templeName} has accepted your request for ${what} on ${date}.`, "Add it to your cart and complete the payment to confirm the booking."];
  return {
    subject: request.decision === "propose" ? `A new date is offered for ${request.pujaName}` : `Your puja request was accepted: ${request.pujaName}`,
    ...render(siteName, greeting, paragraphs.filter(Boolean), { href: `${origin}/account?tab=transactions&view=accepted`, label: "Open your accepted requests" }),
  };
}

export interface DispatchedLine {
  email: string;
  firstName: string;
  itemName: string;
  devoteeName: string;
  templeName: string;
  trackingNo: string;
  receiptNo: string;
}

export function prasadDispatchEmail(siteName: string, origin: string, line: DispatchedLine): EmailContent {
  return {
    subject: `Prasad sent by post: tracking number ${line.trackingNo}`,
    ...render(
      siteName,
      `Namaste ${line.firstName},`,
      [
        `${line.templeName} has sent the prasad of ${line.itemName} for ${line.devoteeName} (receipt ${line.receiptNo}) by post.`,
        `Postal tracking number: ${line.trackingNo}`,
      ],
      { href: `${origin}/account?tab=transactions`, label: "See your bookings" },
    ),
  };
}
