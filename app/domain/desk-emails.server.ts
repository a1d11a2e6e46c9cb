/** Emails the desk sends devotees: a request answered, prasad dispatched, in the one email layout. */
import { type EmailContent, emailLayout } from "~/lib/email-layout.server";
import type { DecidedRequest } from "./desk-requests.server";
import { longDate } from "./text";

export function requestDecisionEmail(siteName: string, origin: string, request: DecidedRequest): EmailContent {
  const what = `${request.pujaName} for ${request.devoteeName} at ${request.templeName}`;
  const greeting = `Namaste ${request.firstName},`;
  if (request.decision === "reject") {
    return {
      subject: `Your puja request was declined: ${request.pujaName}`,
      ...emailLayout({
        siteName,
        greeting,
        paragraphs: [`${request.templeName} could not accept your request for ${what} on ${longDate(request.pujaDate)}.`, `Reason: ${request.note}`, "You may request another date from the temple's page."],
        link: { href: `${origin}/account?tab=transactions&view=requested`, label: "See your requests" },
      }),
    };
  }
  const date = longDate(request.newDate ?? request.pujaDate);
  const paragraphs =
    request.decision === "propose"
      ? [`${request.templeName} cannot perform ${what} on ${longDate(request.pujaDate)}, and offers ${date} instead.`, request.note ?? "", "If the new date suits you, add it to your cart and pay; otherwise you need do nothing."]
      : [`${request.templeName} has accepted your request for ${what} on ${date}.`, "Add it to your cart and complete the payment to confirm the booking."];
  return {
    subject: request.decision === "propose" ? `A new date is offered for ${request.pujaName}` : `Your puja request was accepted: ${request.pujaName}`,
    ...emailLayout({
      siteName,
      greeting,
      paragraphs: paragraphs.filter(Boolean),
      link: { href: `${origin}/account?tab=transactions&view=accepted`, label: "Open your accepted requests" },
    }),
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
    ...emailLayout({
      siteName,
      greeting: `Namaste ${line.firstName},`,
      paragraphs: [
        `${line.templeName} has sent the prasad of ${line.itemName} for ${line.devoteeName} (receipt ${line.receiptNo}) by post.`,
        `Postal tracking number: ${line.trackingNo}`,
      ],
      link: { href: `${origin}/account?tab=transactions`, label: "See your bookings" },
    }),
  };
}
