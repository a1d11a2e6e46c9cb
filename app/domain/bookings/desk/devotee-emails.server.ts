/**
 * Emails the desk sends devotees: a request answered, prasad dispatched, in the one email
 * layout, in the language of the request that sends them (links open the portal in it).
 */
import { type EmailContent, emailLayout } from "~/lib/email-layout.server";
import { baseLocale, currentLocale, type Locale, localizePath } from "~/lib/i18n";
import { m } from "~/paraglide/messages";
import type { DecidedRequest } from "./requests.server";
import type { AnsweredChange } from "./date-changes.server";
import { longDate } from "~/domain/text";

/**
 * What a proposal's note adds to the email. The desk stores it as an English sentence saying
 * the new date, then the staff's own words (requests.server.ts); English mail keeps it
 * whole, as it always read. Mail in another language already says the new date in its own
 * words, so it keeps only what the staff wrote (a note stored otherwise is kept as it is).
 */
function proposalNote(request: DecidedRequest): string {
  const note = request.note ?? "";
  if (currentLocale() === baseLocale) return note;
  const stored = `The temple offers ${request.newDate} instead of ${request.pujaDate}.`;
  return note.startsWith(stored) ? note.slice(stored.length).trim() : note;
}

export function requestDecisionEmail(siteName: string, origin: string, request: DecidedRequest): EmailContent {
  const { templeName, pujaName } = request;
  const what = m.emails_request_what({ pujaName, devoteeName: request.devoteeName, templeName });
  const greeting = m.emails_greeting({ firstName: request.firstName });
  if (request.decision === "reject") {
    return {
      subject: m.emails_request_declined_subject({ pujaName }),
      ...emailLayout({
        siteName,
        greeting,
        paragraphs: [
          m.emails_request_declined_body({ templeName, what, date: longDate(request.pujaDate) }),
          m.emails_request_declined_reason({ reason: request.note ?? "" }),
          m.emails_request_declined_another_date(),
        ],
        link: { href: `${origin}${localizePath("/account?tab=transactions&view=requested")}`, label: m.emails_request_see_requests() },
      }),
    };
  }
  const date = longDate(request.newDate ?? request.pujaDate);
  const paragraphs =
    request.decision === "propose"
      ? [
          m.emails_request_proposed_body({ templeName, what, date: longDate(request.pujaDate), newDate: date }),
          proposalNote(request),
          m.emails_request_proposed_next(),
        ]
      : [m.emails_request_accepted_body({ templeName, what, date }), m.emails_request_accepted_next()];
  return {
    subject:
      request.decision === "propose" ? m.emails_request_proposed_subject({ pujaName }) : m.emails_request_accepted_subject({ pujaName }),
    ...emailLayout({
      siteName,
      greeting,
      paragraphs: paragraphs.filter(Boolean),
      link: { href: `${origin}${localizePath("/account?tab=transactions&view=accepted")}`, label: m.emails_request_open_accepted() },
    }),
  };
}

/** The desk's answer to a devotee who asked to move a booked puja (sent in the devotee's language). */
export function dateChangeEmail(siteName: string, origin: string, change: AnsweredChange): EmailContent {
  const { templeName } = change;
  const what = m.emails_request_what({ pujaName: change.pujaName, devoteeName: change.devoteeName, templeName });
  const [from, to] = [longDate(change.fromDate), longDate(change.toDate)];
  const moved = change.decision === "move-accept";
  return {
    subject: moved ? m.emails_move_done_subject({ date: to }) : m.emails_move_declined_subject({ date: from }),
    ...emailLayout({
      siteName,
      greeting: m.emails_greeting({ firstName: change.firstName }),
      paragraphs: moved
        ? [m.emails_move_done_body({ templeName, what, from, to })]
        : [
            m.emails_move_declined_body({ templeName, what, from, to }),
            m.emails_request_declined_reason({ reason: change.staffNote ?? "" }),
          ],
      link: { href: `${origin}${localizePath("/account?tab=transactions&view=completed")}`, label: m.emails_see_bookings() },
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
  /** The devotee's language, which the e-mail speaks. */
  locale: Locale;
}

export function prasadDispatchEmail(siteName: string, origin: string, line: DispatchedLine): EmailContent {
  return {
    subject: m.emails_prasad_subject({ trackingNo: line.trackingNo }),
    ...emailLayout({
      siteName,
      greeting: m.emails_greeting({ firstName: line.firstName }),
      paragraphs: [
        m.emails_prasad_body({
          templeName: line.templeName,
          itemName: line.itemName,
          devoteeName: line.devoteeName,
          receiptNo: line.receiptNo,
        }),
        m.emails_prasad_tracking({ trackingNo: line.trackingNo }),
      ],
      link: { href: `${origin}${localizePath("/account?tab=transactions")}`, label: m.emails_see_bookings() },
    }),
  };
}
