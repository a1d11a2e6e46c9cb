/** Each kind of message with sample parameters (Malayalam names, as a devotee's temple and puja read) and what its text must name. */
import type { KindParams, NotificationKind } from "~/domain/notifications/kinds";

export const names = { pujaName: "ഉദയാസ്തമന പൂജ", templeName: "ഗുരുവായൂർ ക്ഷേത്രം" };

/** A sample of each kind's parameters, with what its text must name. */
export const SAMPLES: { [K in NotificationKind]: { params: KindParams[K]; names: string[] } } = {
  receipt: {
    params: { templeName: names.templeName, receiptNo: "SN-2027-000123", trackingNo: "TRK2027000123", amount: 125_000 },
    names: [names.templeName, "SN-2027-000123", "TRK2027000123", "1,250"],
  },
  "request-accepted": { params: { ...names, date: "2027-01-15" }, names: [names.pujaName, names.templeName, "2027"] },
  "request-declined": { params: { ...names, date: "2027-01-15" }, names: [names.pujaName, names.templeName] },
  "request-redated": { params: { ...names, date: "2027-01-15", newDate: "2027-01-22" }, names: [names.pujaName, "22"] },
  "date-moved": { params: { ...names, from: "2027-01-15", to: "2027-01-22" }, names: [names.pujaName, names.templeName, "22"] },
  "date-move-declined": { params: { ...names, from: "2027-01-15", to: "2027-01-22" }, names: [names.pujaName, "15"] },
  "puja-performed": { params: { ...names, devoteeName: "Meera Iyer", date: "2027-01-15" }, names: [names.pujaName, "Meera Iyer"] },
  "video-ready": { params: { ...names, devoteeName: "Meera Iyer" }, names: [names.pujaName, names.templeName, "Meera Iyer"] },
  "prasad-dispatched": { params: { ...names, trackingNo: "EE123456789IN" }, names: [names.pujaName, "EE123456789IN"] },
  "refund-started": { params: { amount: 50_100, reference: "rfnd_Q1w2E3r4" }, names: ["501", "rfnd_Q1w2E3r4"] },
  "refund-completed": { params: { amount: 50_100, reference: "rfnd_Q1w2E3r4" }, names: ["501", "rfnd_Q1w2E3r4"] },
  "verification-code": { params: { code: "DV123456" }, names: ["DV123456"] },
  "sign-in-code": { params: { code: "482913" }, names: ["482913"] },
  "password-reset": { params: { code: "DV654321" }, names: ["DV654321"] },
  "password-changed": { params: {}, names: ["Sannidhi"] },
  "release-reminder": { params: { templeName: names.templeName, month: "2027-01", time: "10:00" }, names: [names.templeName, "10:00"] },
  "puja-eve-reminder": { params: { ...names, devoteeName: "Meera Iyer", date: "2027-01-15" }, names: [names.pujaName, "Meera Iyer"] },
  "temple-new-booking": {
    params: { trackingNo: "TRK2027000123", pujas: names.pujaName, date: "2027-01-15" },
    names: ["TRK2027000123", names.pujaName, "15"],
  },
  "temple-new-request": { params: { pujaName: names.pujaName, date: "2027-01-15", requests: 3 }, names: [names.pujaName, "15", "3"] },
  "temple-morning-digest": { params: { date: "2027-01-15", pujas: 12, prasad: 4 }, names: ["15", "12", "4"] },
  "payment-link": {
    params: {
      templeName: names.templeName,
      itemName: names.pujaName,
      amount: 25_100,
      url: "https://rzp.io/i/Ab12Cd34",
      expires: "2027-01-16",
    },
    names: [names.pujaName, names.templeName, "251", "https://rzp.io/i/Ab12Cd34"],
  },
  "payout-account-changed": {
    params: { templeName: names.templeName, account: "XXXXXX4321", date: "2027-01-15" },
    names: [names.templeName, "XXXXXX4321", "15"],
  },
};

/** Each language's own script (Unicode block). */
export const SCRIPT: Record<string, RegExp> = {
  hi: /[\u0900-\u097F]{3}/,
  ta: /[\u0B80-\u0BFF]{3}/,
  te: /[\u0C00-\u0C7F]{3}/,
  kn: /[\u0C80-\u0CFF]{3}/,
  ml: /[\u0D00-\u0D7F]{3}/,
};
