/** Privacy, refund and cookie policies (see content-policies.server.ts). */
import type { Policy } from "./content-policy-links";

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

export const MORE_POLICIES = {
  "privacy-policy": PRIVACY,
  "cancellation-and-refund-policy": REFUNDS,
  "cookie-policy": COOKIES,
} as const;
