/** /api/MyProfile/*: the signed-in customer's profile and password (spec section 7). */
import { Hono } from "hono";
import { z } from "zod";
import { ACCOUNT_MESSAGES as M, profileSchema } from "~/domain/accounts/inputs";
import { getFullProfile, saveProfileExtras, updateProfile } from "~/domain/accounts/customers.server";
import { badRequest, errorAnswer, type LegacyEnv, validatePortal } from "./http";
import { legacyPost } from "./route";
import { changePasswordRoute } from "./profile-password";
import { text, textOrNumber } from "./fields";

export const profile = new Hono<LegacyEnv>();

const profileAnswer = z.object({
  FirstName: z.string(),
  LastName: z.string(),
  LoginID: z.string(),
  PhoneMobile: z.string(),
  PhoneWired: z.string(),
  HouseNo: z.string(),
  HouseName: z.string(),
  StreetName: z.string(),
  PostOffice: z.string().meta({ description: "The city or town (the portal's City field)." }),
  PostalCode: z.string(),
  District: z.string(),
  Country: z.string(),
  State: z.string(),
  StarName: z.string(),
  StarID: z.number().int().nullable(),
  DOB: z.string().meta({ description: "YYYY-MM-DD" }),
});

legacyPost(
  profile,
  {
    path: "/api/MyProfile/PopulateMyProfile",
    group: "MyProfile",
    summary: "The signed-in customer's profile",
    description:
      "The profile fields of spec section 3, as one object. LoginID is the email (read-only). PostOffice carries the portal's city.",
    request: z.object({}),
    response: profileAnswer,
    auth: "customer",
    writes: false,
    statuses: [401],
  },
  async ({ c, db, session }) => {
    const row = await getFullProfile(db, session.customer.id);
    if (!row) return errorAnswer(c, 401, "unauthorized", "Authorization", "Please sign in to continue.", "clearcookie");
    return {
      FirstName: row.firstName,
      LastName: row.lastName,
      LoginID: row.email,
      PhoneMobile: row.mobile,
      PhoneWired: row.landline,
      HouseNo: row.houseNo,
      HouseName: row.houseName,
      StreetName: row.streetName,
      PostOffice: row.city || row.postOffice,
      PostalCode: row.postalCode,
      District: row.district,
      Country: row.country,
      State: row.state,
      StarName: row.starName ?? "",
      StarID: row.starId,
      DOB: row.dob,
    };
  },
);

const PROFILE_RENAME = {
  firstName: "FirstName",
  lastName: "LastName",
  starId: "StarID",
  mobile: "PhoneMobile",
  landline: "PhoneWired",
  houseName: "HouseName",
  city: "PostOffice",
  district: "District",
  state: "State",
  country: "Country",
  postalCode: "PostalCode",
};

const DOB_PATTERN = /^\d{4}-\d{2}-\d{2}/;

legacyPost(
  profile,
  {
    path: "/api/MyProfile/Update",
    group: "MyProfile",
    summary: "Save the profile",
    description:
      "Takes the fields PopulateMyProfile answers (LoginID, StarName and unknown fields are ignored; blank " +
      "fields are cleared, as on the portal form) with the portal form's rules and messages ('Invalid " +
      "Name', 'Invalid Mobile Number', …) in a 400 naming the field. StarID 0 or blank means no star. " +
      "Answer: Status 'success' and RESULT the confirmation text.",
    request: z.object({
      FirstName: text(100),
      LastName: text(100).optional(),
      PhoneMobile: textOrNumber(),
      PhoneWired: textOrNumber().optional(),
      HouseNo: text(40).optional(),
      HouseName: text(200).optional(),
      StreetName: text(120).optional(),
      PostOffice: text(80).optional(),
      PostalCode: textOrNumber(10).optional(),
      District: text(80).optional(),
      State: text(80).optional(),
      Country: text(80).optional(),
      StarID: z.union([textOrNumber(3), z.null()]).optional(),
      DOB: text(30).optional().meta({ description: "YYYY-MM-DD (a longer date-time string is cut to its first 10 characters)." }),
    }),
    response: z.object({ Status: z.literal("success"), RESULT: z.string() }),
    auth: "customer",
    writes: true,
    portalChecked: true,
    statuses: [401, 403],
  },
  async ({ c, db, input, session }) => {
    const starId = input.StarID === null || input.StarID === 0 || input.StarID === "0" ? undefined : input.StarID;
    const values = {
      firstName: input.FirstName,
      lastName: input.LastName,
      starId,
      mobile: input.PhoneMobile,
      landline: input.PhoneWired,
      houseName: input.HouseName,
      city: input.PostOffice,
      district: input.District,
      state: input.State,
      country: input.Country,
      postalCode: input.PostalCode,
    };
    const parsed = validatePortal(c, profileSchema, values, PROFILE_RENAME);
    if ("response" in parsed) return parsed.response;
    const dob = input.DOB?.trim() ? input.DOB.trim().slice(0, 10) : undefined;
    if (dob !== undefined && (!DOB_PATTERN.test(dob) || Number.isNaN(Date.parse(dob)) || dob > new Date().toISOString().slice(0, 10))) {
      return badRequest(c, "DOB", "Enter a valid date of birth (YYYY-MM-DD)");
    }
    if (!(await updateProfile(db, session.customer.id, parsed.data))) {
      return badRequest(c, "StarID", "Choose a star from the list");
    }
    await saveProfileExtras(db, session.customer.id, {
      houseNo: input.HouseNo?.trim() ?? "",
      streetName: input.StreetName?.trim() ?? "",
      postOffice: parsed.data.city ?? "",
      dob,
    });
    return { Status: "success" as const, RESULT: M.profileUpdated };
  },
);

changePasswordRoute(profile);
