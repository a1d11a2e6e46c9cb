/** Editorial content of the public pages (services, knowledge, FAQ, jobs). */

export type Offering = { slug: string; title: string; summary: string; points: string[] };

/** The five offerings to temples (spec: services). */
export const OFFERINGS: readonly Offering[] = [
  {
    slug: "full-website",
    title: "Full website",
    summary: "A complete website for your temple, with online puja booking, donations and prasad by post.",
    points: [
      "History, deities, daily timings, festivals and news, kept up to date by your staff",
      "Online booking of pujas and donations, with receipts and 80G details",
      "Postal prasad with tracking numbers shown to devotees",
      "Hosting, security updates and backups included",
    ],
  },
  {
    slug: "mobile-app",
    title: "Mobile app",
    summary: "Your temple in the pocket of every devotee, on Android and iOS.",
    points: [
      "Timings, pujas, events and announcements in the app with your temple's name",
      "The same bookings and receipts as your website",
      "Notifications for festivals and special pujas",
    ],
  },
  {
    slug: "booking-only",
    title: "Booking only",
    summary: "Already have a website? Add online booking of pujas and donations to it.",
    points: [
      "A booking page linked from your existing website",
      "Requests that your staff accept before the devotee pays, where a puja needs it",
      "A daily list of bookings to print for the priests",
    ],
  },
  {
    slug: "listing",
    title: "Listing",
    summary: "A free listing so devotees find your temple by deity, district, state and puja.",
    points: [
      "Your temple's name, address, deities and pujas on Sannidhi",
      "A link to your own website, if you have one",
      "Upgrade to online booking whenever you are ready",
    ],
  },
  {
    slug: "custom-website",
    title: "Custom website",
    summary: "A website designed around your temple's traditions and languages.",
    points: [
      "Pages in Malayalam, Tamil, Telugu, Kannada, Hindi and English",
      "Photo galleries, live darshan links and festival calendars",
      "The features your temple committee asks for",
    ],
  },
];

export type KnowledgeEntry = { title: string; text: string };

/** Short explanations for devotees new to booking pujas online. */
export const KNOWLEDGE: readonly KnowledgeEntry[] = [
  {
    title: "How does an online puja booking work?",
    text: "Choose a temple, a puja and a date, and give the name and birth star (nakshatra) of the person it is done for. The temple performs the puja on that date; your receipt and tracking number appear in My Transactions.",
  },
  {
    title: "Why is my birth star asked for?",
    text: "Priests recite the devotee's name and nakshatra during the sankalpam, the vow at the start of a puja. If you do not know the star, choose the one shown on your horoscope or ask an elder.",
  },
  {
    title: "How is prasad sent by post?",
    text: "For pujas with postal prasad, the temple posts the prasad to your address after the puja and enters the tracking number, which appears with your booking.",
  },
  {
    title: "What is a requested puja?",
    text: "Some pujas are done only on certain days or in limited numbers. For these you send a request; when the temple accepts it, you add it to your cart and pay.",
  },
  {
    title: "Can I watch the puja?",
    text: "Many temples record the puja done in your name. When a video is available, a View button appears in the booking's details.",
  },
];

export type FaqEntry = { question: string; answer: string };

export const TEMPLE_FAQ: readonly FaqEntry[] = [
  {
    question: "What does it cost to list my temple?",
    answer: "A listing is free. Websites, apps and online booking are priced by the features your temple chooses; we send a written quote after we talk to you.",
  },
  {
    question: "Who receives the money devotees pay?",
    answer: "Payments for pujas and donations are settled to the temple's own bank account, with a statement of every booking.",
  },
  {
    question: "Can we issue 80G receipts for donations?",
    answer: "Yes. If your temple trust has 80G registration, donation receipts carry the registration details and the devotee's PAN.",
  },
  {
    question: "How is prasad sent by post?",
    answer: "Your staff see each postal booking with the devotee's address and enter the tracking number when the prasad is posted; the devotee sees it with the booking.",
  },
  {
    question: "Do we need a computer at the temple?",
    answer: "A phone is enough to see the day's bookings and accept requests. Most temples print the daily list for the priests from any computer.",
  },
  {
    question: "How long does it take to go live?",
    answer: "A listing is live within two working days. A booking page takes about two weeks, a full website about four, depending on how soon we receive your photos and puja list.",
  },
];

