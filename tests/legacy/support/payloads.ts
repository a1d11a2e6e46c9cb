/**
 * A well-formed payload for every legacy path (spec section 7 plus the refresh path),
 * for the negative and generated-input tests to break one field at a time. None of
 * them is sent as is: each test sends them broken.
 */
export const CUSTOMER_PATHS = new Set([
  "/api/MyProfile/PopulateMyProfile",
  "/api/MyProfile/Update",
  "/api/MyProfile/ChangePassword",
  "/api/Transaction/TransactionSummary",
  "/api/Transaction/TransactionTempleDetails",
  "/api/Transaction/TransactionDetails",
  "/api/Transaction/RemoveTransaction",
  "/api/Customer/FavouriteTemples",
  "/api/Customer/RemoveFavouriteTemple",
  "/api/Temple/AddToFavourites",
  "/api/request/addtolist",
]);

const signup = {
  LoginID: "valid.shape@example.org",
  FirstName: "Meera Iyer",
  Password: "Temple@108",
  PhoneMobile: "9876543210",
  TurnstileToken: "",
};

/** `bookable`: a temple and master puja that take online bookings, and a date the puja is offered. */
export function validPayloads(bookable: { templeId: number; pujaId: number; date: string }): Record<string, Record<string, unknown>> {
  return {
    "/GenerateSessionID": {},
    "/token": { refreshToken: "rt1.not-a-real-token" },
    "/token/refresh": { refreshToken: "rt1.not-a-real-token" },
    "/login": {},
    "/api/user/login": { mail: "devotee@sannidhi.example", pass: "Devotee@2026", LanguageID: 1, TurnstileToken: "" },
    "/api/user/loginNew": { mail: "devotee@sannidhi.example", pass: "Devotee@2026", LanguageID: 1, TurnstileToken: "" },
    "/api/user/logout": {},
    "/client/user/signup": signup,
    "/api/Customer/ExpressSignup": { ...signup, type: "NEW", vcode: "DV123456" },
    "/api/Customer/UsernameAvailability": { LoginID: "valid.shape@example.org", TurnstileToken: "" },
    "/api/Customer/validatecode": {
      LoginID: "valid.shape@example.org",
      FirstName: "Meera Iyer",
      Password: "Temple@108",
      type: "VERIFY",
      Mobile: "9876543210",
      vcode: "DV1",
      verificationCode: "DV123456",
      TurnstileToken: "",
    },
    "/client/user/forgotPassword": { loginId: "valid.shape@example.org" },
    "/api/Customer/CheckPasswordRecoveryEmail": { LoginID: "valid.shape@example.org" },
    "/api/Customer/ResetPasswordNew": {
      LoginID: "valid.shape@example.org",
      LoginNewPassword: "Fresh@2027",
      GUID: "DV123456",
      TurnstileToken: "",
    },
    "/api/MyProfile/PopulateMyProfile": {},
    "/api/MyProfile/Update": {
      FirstName: "Lakshmi",
      LastName: "Narayanan",
      PhoneMobile: "9847012345",
      PhoneWired: "0487 2556789",
      HouseNo: "1",
      HouseName: "Sreevalsam",
      StreetName: "East Nada Road",
      PostOffice: "Guruvayur",
      PostalCode: "680101",
      District: "Thrissur",
      State: "Kerala",
      Country: "India",
      StarID: 4,
      DOB: "1986-08-14",
    },
    "/api/MyProfile/ChangePassword": { LoginPassword: "Devotee@2026", LoginNewPassword: "Devotee@2027" },
    "/api/Common/LoadStars": { LanguageID: 1 },
    "/api/Transaction/TransactionSummary": {},
    "/api/Transaction/TransactionTempleDetails": { TrackingNo: "TRK0" },
    "/api/Transaction/TransactionDetails": { TrackingNo: "TRK0" },
    "/api/Transaction/RemoveTransaction": { TrackingNo: "TRK0" },
    "/api/Customer/FavouriteTemples": { LanguageID: 1 },
    "/api/Customer/RemoveFavouriteTemple": { TempleID: 1 },
    "/api/Temple/AddToFavourites": { TempleID: 1 },
    "/api/Temple/ListTemples": { LanguageID: 1, Category: "temple" },
    "/client/getAllTemplesList": { templeName: "", deityName: "", languageID: 1, pujaName: "", sameDayPuja: false },
    "/api/puja/getPujaId": { templeId: 1, pujaName: "Archana" },
    "/api/common/listAllDeities": { LanguageID: 1 },
    "/api/loadActivePujaPackages": {},
    "/api/request/addtolist": {
      DevoteeName: "K. Narayanan",
      dates: `<dates><date>${bookable.date}</date></dates>`,
      TempleID: bookable.templeId,
      PujaID: bookable.pujaId,
      PujaTypeID: 0,
      Rate: 100,
      DevoteeStar: 4,
      PujaQuantity: 1,
      PostalCharges: 0,
      OnlineBookingStatus: 1,
      Address: "",
      ShippingID: 0,
    },
    "/api/common/sendMailToSupport": {
      emailOrPhone: "someone@example.org",
      subject: "Call me",
      type: "contact",
      name: "Ravi Kumar",
      firstname: "Ravi",
      email: "ravi@example.org",
      phone: "9876543210",
      comments: "Hello",
      jobType: "Other",
    },
    "/api/common/storeNewsLetterContact": { email: "someone@example.org" },
    "/api/common/storeJobsContact": {
      firstname: "Ravi Kumar",
      email: "ravi@example.org",
      phone: "9876543210",
      comments: "Hello",
      jobType: "Other",
    },
    "/api/LoadAllEvents": { LanguageID: 1 },
    "/api/LoadAllAnnouncement": { LanguageID: 1 },
    "/api/Temple/savetempleregistration": {
      tname: "Sree Bhagavathi Temple",
      tlocation: "Kodungallur",
      tcontact: "K. Menon",
      tphone: "9876543210",
      temail: "a@example.org",
      taddress: "Road",
      tstate: "Kerala",
    },
  };
}

/** A puja the seed lets anyone book online, with its next offered date after tomorrow. */
export async function findBookable(db: D1Database) {
  const row = await db
    .prepare(
      `select tp.temple_id as templeId, tp.puja_id as pujaId, tp.days_offered as days from temple_pujas tp
       join temples t on t.id = tp.temple_id where t.online_booking = 1 and t.verified = 1 and tp.active = 1 and tp.booking_mode = 'direct' limit 1`,
    )
    .first<{ templeId: number; pujaId: number; days: string }>();
  let date = "";
  for (let i = 2; !date; i++) {
    const day = new Date(Date.now() + i * 86_400_000).toISOString().slice(0, 10);
    if (row!.days.includes(String(new Date(`${day}T00:00:00Z`).getUTCDay()))) date = day;
  }
  return { templeId: row!.templeId, pujaId: row!.pujaId, date };
}
