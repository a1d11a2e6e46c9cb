/**
 * The sevas landmark temples are known for, at the temple's own price (rupees) and, where the
 * temple limits them, its seats a day: what a devotee who knows Tirumala, Palani or Guruvayur
 * expects to find there. Prices follow the temples' published ones (TTD's arjitha sevas, the
 * Devaswom's vazhipadu list) rounded as they print them.
 */
export type LandmarkSeva = {
  puja: string;
  rate: number;
  /** Postage for the prasad, rupees (0: collected at the temple). */
  post?: number;
  /** Seats a day and one devotee's limit a day. */
  seats?: { daily: number; perDevotee: number };
  /** Weekdays offered (0 = Sunday), every day when absent. */
  days?: string;
};

export const LANDMARK_SEVAS: Readonly<Record<string, readonly LandmarkSeva[]>> = {
  tirumala: [
    { puja: "Suprabhata Seva", rate: 120, seats: { daily: 20, perDevotee: 2 } },
    { puja: "Thomala Seva", rate: 220, seats: { daily: 10, perDevotee: 2 }, days: "0123" },
    { puja: "Kalyanotsavam", rate: 1000, post: 60, seats: { daily: 30, perDevotee: 2 } },
    { puja: "Sahasra Deepalankarana Seva", rate: 400, seats: { daily: 25, perDevotee: 2 } },
  ],
  palani: [
    { puja: "Panchamirtha Abhishekam", rate: 500, post: 80 },
    { puja: "Thanga Ther", rate: 2000, seats: { daily: 1, perDevotee: 1 } },
  ],
  guruvayur: [
    { puja: "Thulabharam", rate: 1500, seats: { daily: 40, perDevotee: 2 } },
    { puja: "Palpayasam", rate: 120, post: 50 },
  ],
};
