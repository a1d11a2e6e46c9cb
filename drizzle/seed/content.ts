/** Announcements, events, news, and the enquiry tables fed by the site's forms. */
import { ANNOUNCEMENTS } from "./data/announcements.ts";
import { EVENTS } from "./data/events.ts";
import { NEWS } from "./data/news.ts";
import { addDays, timestamp } from "./lib/dates.ts";
import type { TempleRow } from "./temples.ts";

export type MessageRow = {
  id: number;
  kind: "announcement" | "event" | "news";
  templeId: number | null;
  header: string;
  body: string;
  imagePath: string | null;
  footerUrl: string | null;
  displayOrder: number;
  startDate: string;
  endDate: string;
  createdAt: string;
};

export function generateMessages(temples: readonly TempleRow[], today: string): MessageRow[] {
  const byKey = new Map(temples.filter((t) => t.key).map((t) => [t.key!, t]));
  const rows: MessageRow[] = [];
  const push = (row: Omit<MessageRow, "id">) => rows.push({ id: rows.length + 1, ...row });
  for (const a of ANNOUNCEMENTS) {
    push({
      kind: "announcement",
      templeId: null,
      header: a.header,
      body: a.body,
      imagePath: a.image,
      footerUrl: a.footerUrl,
      displayOrder: a.order,
      startDate: addDays(today, a.start),
      endDate: addDays(today, a.end),
      createdAt: timestamp(today, Math.min(a.start, 0) - 1, 540),
    });
  }
  EVENTS.forEach((e, i) => {
    const temple = byKey.get(e.temple);
    push({
      kind: "event",
      templeId: temple?.id ?? null,
      header: e.header,
      body: e.body,
      imagePath: temple?.imageUrl ?? null,
      footerUrl: null,
      displayOrder: i + 1,
      startDate: addDays(today, e.start),
      endDate: addDays(today, e.start + e.days - 1),
      createdAt: timestamp(today, Math.min(e.start, 0) - 30, 600),
    });
  });
  NEWS.forEach((n, i) => {
    const temple = n.temple ? byKey.get(n.temple) : undefined;
    push({
      kind: "news",
      templeId: temple?.id ?? null,
      header: n.header,
      body: n.body,
      imagePath: temple?.imageUrl ?? null,
      footerUrl: null,
      displayOrder: i + 1,
      startDate: addDays(today, -n.age),
      endDate: addDays(today, 365 - n.age),
      createdAt: timestamp(today, -n.age, 480),
    });
  });
  return rows;
}

export function generateEnquiries(today: string) {
  const at = (days: number, minutes: number) => timestamp(today, -days, minutes);
  return {
    templeRegistrations: [
      {
        templeName: "Sree Mahadeva Temple, Peruvanam",
        location: "Peruvanam, Thrissur",
        contactPerson: "K. Raghavan Nair",
        phone: "9847123456",
        email: "peruvanam.devaswom@example.com",
        address: "Peruvanam P.O., Cherpu, Thrissur 680561",
        state: "Kerala",
        createdAt: at(12, 610),
      },
      {
        templeName: "Arulmigu Angala Parameswari Temple",
        location: "Melmalayanur, Villupuram",
        contactPerson: "S. Murugesan",
        phone: "9443234567",
        email: "",
        address: "",
        state: "Tamil Nadu",
        createdAt: at(9, 845),
      },
      {
        templeName: "Shri Ganesh Mandir, Tekdi",
        location: "Sitabuldi, Nagpur",
        contactPerson: "Vinayak Deshpande",
        phone: "+91 712 2523456",
        email: "tekdi.ganesh@example.com",
        address: "Tekdi Road, Sitabuldi, Nagpur 440012",
        state: "Maharashtra",
        createdAt: at(4, 1010),
      },
      {
        templeName: "Sri Kanyakaparameswari Temple",
        location: "Penugonda, West Godavari",
        contactPerson: "V. Satyanarayana",
        phone: "9848345678",
        email: "",
        address: "Main Road, Penugonda 534320",
        state: "Andhra Pradesh",
        createdAt: at(2, 700),
      },
    ],
    jobEnquiries: [
      {
        name: "Nikhil Menon",
        email: "nikhil.menon@example.com",
        phone: "9895123456",
        comments: "Five years of React and Node experience; interested in the frontend role.",
        jobType: "Software engineer",
        createdAt: at(20, 660),
      },
      {
        name: "Sowmya Iyer",
        email: "sowmya.iyer@example.com",
        phone: "9884234567",
        comments: "I speak Tamil, Malayalam and English and have handled customer support for an e-commerce company.",
        jobType: "Customer support",
        createdAt: at(11, 900),
      },
      {
        name: "Rakesh Tiwari",
        email: "rakesh.tiwari@example.com",
        phone: "9415345678",
        comments: "Photographer based in Varanasi; can cover temple festivals.",
        jobType: "Content and photography",
        createdAt: at(6, 1000),
      },
    ],
    contactRequests: [
      { emailOrPhone: "9847098765", subject: "Prasad not yet received for receipt SN-2026-000104", type: "Booking", createdAt: at(5, 560) },
      {
        emailOrPhone: "radha.k@example.com",
        subject: "How do I get an 80G receipt for my donation?",
        type: "Donation",
        createdAt: at(3, 800),
      },
      { emailOrPhone: "+91 98400 12345", subject: "Our temple wants to offer online booking", type: "Temple", createdAt: at(1, 950) },
    ],
    newsletterSubscriptions: [
      "devotee@sannidhi.example",
      "anand.krishnan@example.com",
      "priya.subramaniam@example.com",
      "sourav.mohanty@example.com",
      "bhakti.updates@example.com",
      "temple.lover@example.com",
    ].map((email, i) => ({ email, createdAt: at(90 - i * 13, 500 + i * 37) })),
  };
}
