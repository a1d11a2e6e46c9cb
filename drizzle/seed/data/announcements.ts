/**
 * Site announcements. Exactly one has display order 999: the pop-up shown on load.
 * `start`/`end` are days relative to the seed's `today`.
 */
export type AnnouncementData = {
  header: string;
  body: string;
  order: number;
  start: number;
  end: number;
  image: string | null;
  footerUrl: string | null;
};

export const ANNOUNCEMENTS: readonly AnnouncementData[] = [
  {
    header: "Mandala season bookings are open",
    order: 999,
    start: -7,
    end: 60,
    image: "/images/announcements/mandala-season.svg",
    footerUrl: "/temples?key1=deity&key2=Ayyappa",
    body:
      "Book Neyyabhishekam, Aravana and Pushpanjali at Sabarimala and other Ayyappa temples for the " +
      "Mandala and Makaravilakku season. Prasad is posted to your address after the puja, and every " +
      "booking shows its receipt and tracking number in My Transactions.",
  },
  {
    header: "Prasad delivery during the festival season",
    order: 1,
    start: -20,
    end: 45,
    image: null,
    footerUrl: null,
    body:
      "Because of the festival rush, prasad parcels may take up to two weeks to arrive. The tracking " +
      "number of each parcel is shown with your booking once the temple has posted it.",
  },
  {
    header: "Navaratri pujas: book early",
    order: 2,
    start: 10,
    end: 70,
    image: "/images/packages/package-13.svg",
    footerUrl: "/temples?key1=puja&key2=Navaratri%20Puja",
    body:
      "Navaratri puja slots at the Devi temples fill quickly. Book your Navaratri Puja, Lalitha " +
      "Sahasranama Archana or Kumkumarchana now to get the dates you want.",
  },
  {
    header: "Scheduled maintenance",
    order: 3,
    start: -60,
    end: -59,
    image: null,
    footerUrl: null,
    body:
      "Sannidhi will be unavailable for about thirty minutes on Sunday night for scheduled maintenance. " +
      "Bookings made before the maintenance are not affected.",
  },
];
