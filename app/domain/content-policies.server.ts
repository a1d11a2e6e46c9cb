/**
 * The five policies shown from the footer. {site}, {email} and {phone} are filled from
 * the Worker's configuration. Facts come from the spec (section 6 and 9): members and
 * visitors, minimum age 16, one account per person in their real name, opt-out in about
 * ten days, failed payments refunded in 4-5 working days, no cancellations.
 */
import type { Policy, PolicySlug } from "./content-policy-links";

const TERMS: Policy = {
  slug: "terms-and-conditions",
  title: "Terms and Conditions",
  sections: [
    {
      paragraphs: [
        "These terms apply to everyone who uses {site}: Members, who have registered an account, and Visitors, who browse without registering. By using {site} you accept them. If you do not accept them, please do not use the site.",
      ],
    },
    {
      heading: "Who may use {site}",
      paragraphs: ["You must be at least 16 years old to register as a Member or to book pujas and make donations."],
      items: [
        "One account per person: do not create more than one account, and do not share your account.",
        "Register in your real name and keep your e-mail address and phone number current, so that temples and we can reach you about your bookings.",
        "Keep your password secret. You are responsible for what is done with your account; tell us at once at {email} if you think someone else has used it.",
      ],
    },
    {
      heading: "Bookings, donations and prasad",
      paragraphs: [
        "{site} passes your bookings and donations to the temple you choose. The temple performs the puja and decides its rituals, timings and the prasad it sends; {site} is not a temple and does not perform pujas itself.",
        "A booking is confirmed when the payment succeeds and a receipt number is shown. Some pujas must first be requested and accepted by the temple; a request is not a booking until you have paid for it.",
        "Prasad is posted to the address you give. We show the postal tracking number once the temple has posted it, but we cannot control delays in the post.",
        "Bookings and payments cannot be cancelled. See the Cancellation & Refund Policy for failed payments.",
      ],
    },
    {
      heading: "Your conduct",
      paragraphs: ["Members and Visitors must not:"],
      items: [
        "give false details, book in someone else's name without their consent, or impersonate anyone;",
        "upload or send anything unlawful, offensive or hurtful to any faith or community;",
        "try to break into, overload or copy the site, or collect other users' details.",
      ],
    },
    {
      heading: "Content and changes",
      paragraphs: [
        "Texts, images and software on {site} belong to {site} or to the temples that supplied them, and may not be copied for commercial use without permission.",
        "We may change these terms; the version on this page applies from the day it is published. We may suspend an account that breaks these terms.",
        "These terms are governed by the laws of India, and the courts of Bengaluru, Karnataka have jurisdiction. Questions: {email} or {phone}.",
      ],
    },
  ],
};

const DISCLAIMER: Policy = {
  slug: "disclaimer",
  title: "Disclaimer",
  sections: [
    {
      paragraphs: [
        "Information about temples on {site} — history, deities, timings, puja lists, rates and festival dates — is supplied by the temples or collected from public sources. We take care to keep it correct, but temples change timings and rates, and we cannot guarantee that every detail is complete or current. Please check with the temple before travelling.",
        "Each temple decides how its pujas are performed and what prasad is sent. {site} arranges the booking and the payment but is not responsible for the religious outcome of any puja or offering.",
        "Links to temple websites and other sites are given for convenience; we do not control those sites and are not responsible for their content.",
        "Descriptions of pujas and their significance on {site} are general information, not religious or astrological advice.",
        "To report wrong information about a temple, write to {email}.",
      ],
    },
  ],
};

const PRIVACY: Policy = {
  slug: "privacy-policy",
  title: "Privacy Policy",
  updated: "Last updated: December 2018",
  sections: [
    {
      paragraphs: [
        "This policy explains what {site} collects about Members (registered users) and Visitors (everyone else), why, and what you can do about it.",
      ],
    },
    {
      heading: "What we collect",
      paragraphs: [],
      items: [
        "Account details you give when registering: name, e-mail address, mobile number and password (stored only as a one-way hash).",
        "Profile details you choose to add: landline, postal address, birth star and date of birth.",
        "Booking details: the temple, puja, devotee names and stars, dates, amounts, postal address and tracking numbers.",
        "Messages you send us through the contact box, the newsletter box, the temple registration and jobs forms.",
        "Technical records kept for security, such as the time of a request and your IP address, for a short period.",
      ],
    },
    {
      heading: "How we use it",
      paragraphs: [
        "To perform your bookings with the temples, send prasad to you, show you your transactions and receipts, answer your enquiries and keep the site secure. The temple you book with receives the details it needs to perform the puja and post the prasad: devotee names, stars, dates and your postal address.",
        "Card and bank details are handled by our payment provider and are never stored by {site}. We do not sell your details and we do not use advertising or tracking cookies.",
      ],
    },
    {
      heading: "Newsletters and opting out",
      paragraphs: [
        "We send newsletters only to those who subscribe. To stop them, or to ask us to delete your account and details, write to {email}. Opt-out requests take about ten days to complete. Booking records that the law requires us to keep (for example for tax receipts) are kept for the period the law asks.",
      ],
    },
    {
      heading: "Your rights",
      paragraphs: [
        "You can see and correct your profile in My Profile at any time. You may ask for a copy of the details we hold about you. Questions about privacy: {email} or {phone}.",
      ],
    },
  ],
};

const REFUNDS: Policy = {
  slug: "cancellation-and-refund-policy",
  title: "Cancellation & Refund Policy",
  sections: [
    {
      heading: "Cancellation",
      paragraphs: [
        "Bookings of pujas and donations, and their payments, cannot be cancelled once made: the temple plans the puja, its materials and the priests' time from your booking.",
      ],
    },
    {
      heading: "Refunds",
      paragraphs: ["Payments are non-refundable after a successful booking, and after the puja has been done."],
      items: [
        "If an online payment fails but money has been debited from your account, the amount is refunded to the same account in 4-5 working days. You do not need to ask for it.",
        "If a temple cannot perform a booked puja, we will tell you and arrange another date with the temple.",
        "If prasad does not arrive, write to us with your tracking number and we will follow it up with the temple and the post office.",
      ],
    },
    {
      heading: "Contact",
      paragraphs: ["For anything about a payment, write to {email} or call {phone} with your receipt or tracking number."],
    },
  ],
};

const COOKIES: Policy = {
  slug: "cookie-policy",
  title: "Cookie Policy",
  sections: [
    {
      paragraphs: [
        "{site} uses a small number of cookies that the site needs to work. We do not use advertising, analytics or tracking cookies, and no third party sets cookies through {site}.",
      ],
      items: [
        "sn_session: keeps you signed in. It is set when you sign in and removed when you sign out.",
        "sn_toast: carries a one-off message, such as a confirmation, to the next page. It lasts one minute.",
        "Sign-up cookies that remember, for one day, that you have just registered or verified your account, so the site can tell you so once.",
      ],
    },
    {
      paragraphs: [
        "The site also remembers in your browser, for the current visit only, that you have seen the announcement, so it is not shown again. Blocking cookies in your browser will stop sign-in from working, but you can still browse temples.",
        "Questions: {email}.",
      ],
    },
  ],
};

const ALL: Record<PolicySlug, Policy> = {
  "terms-and-conditions": TERMS,
  disclaimer: DISCLAIMER,
  "privacy-policy": PRIVACY,
  "cancellation-and-refund-policy": REFUNDS,
  "cookie-policy": COOKIES,
};

export type PolicyValues = { site: string; email: string; phone: string };

function fill(text: string, values: PolicyValues): string {
  return text.replace(/\{(site|email|phone)\}/g, (_, key: keyof PolicyValues) => values[key]);
}

/** A policy with the site's name and contact details filled in; null for an unknown slug. */
export function findPolicy(slug: string, values: PolicyValues): Policy | null {
  const policy = (ALL as Record<string, Policy | undefined>)[slug];
  if (!policy) return null;
  return {
    ...policy,
    sections: policy.sections.map((section) => ({
      heading: section.heading ? fill(section.heading, values) : undefined,
      paragraphs: section.paragraphs.map((p) => fill(p, values)),
      items: section.items?.map((item) => fill(item, values)),
    })),
  };
}
