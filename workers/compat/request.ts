/**
 * /api/request/addtolist: a puja for one devotee on one or more dates, through the
 * temple site's booking schema and the same domain call (`addPujaToBookingList`).
 * Prices are never taken from the client: Rate and PostalCharges only say whether
 * prasad by post is wanted.
 */
import { Hono } from "hono";
import { z } from "zod";
import { BOOKING_MESSAGES as B, parseDateList, pujaBookingSchema } from "~/domain/bookings/cart/inputs";
import { addPujaToBookingList, findBookablePuja } from "~/domain/bookings/cart/booking-list.server";
import { presentedPass } from "~/web/release-pass.server";
import { legacyId, text, textOrNumber } from "./fields";
import { badRequest, type LegacyEnv, validatePortal } from "./http";
import { legacyPost } from "./route";

export const request = new Hono<LegacyEnv>();

const money = z.union(
  [
    z.number(),
    z
      .string()
      .trim()
      .regex(/^\d{0,9}(\.\d{1,2})?$/, "Must be an amount"),
  ],
  { error: "Must be an amount" },
);

/** Booking-schema and domain field names → the legacy payload's. */
const RENAME: Record<string, string> = {
  templePujaId: "PujaID",
  "devotees.0.name": "DevoteeName",
  "devotees.0.starId": "DevoteeStar",
  devotees: "DevoteeName",
  dates: "dates",
  quantity: "PujaQuantity",
  postal: "PostalCharges",
  addressId: "ShippingID",
};

const NOT_BOOKABLE = "This temple does not take online bookings for that puja.";

const legacyField = (field: string) => RENAME[field] ?? RENAME[field.replace(/\[\d+\]$/, "")] ?? field;

legacyPost(
  request,
  {
    path: "/api/request/addtolist",
    group: "request",
    summary: "Add a puja to the booking list",
    description:
      "dates is an XML list (<dates><date>2027-01-15</date>…</dates>); a comma-separated list or a JSON " +
      "array works too. TempleID with the master PujaID (from /api/puja/getPujaId) names the temple's " +
      "puja; DevoteeStar is a StarID (1–27). Pujas the temple takes on request become requests (status 2, " +
      "listed by TransactionSummary); the others go straight to the cart. Prasad by post is wanted when " +
      "PostalCharges is above 0, to the saved address ShippingID (or Address when it is an address id); " +
      "the server uses its own rates, never Rate or PostalCharges. PujaTypeID and OnlineBookingStatus are " +
      "accepted and ignored. Answer: result '1' and 'puja added booking list'; result '0' when the temple " +
      "cannot take it (Message says why, field names the payload field). Wrong types or values (e.g. a " +
      "past date) are a 400 naming the field.",
    request: z.object({
      DevoteeName: text(100),
      dates: z.union([text(4000), z.array(z.string().max(40)).max(31)], { error: "Must be an XML list of dates" }),
      TempleID: legacyId(),
      PujaID: legacyId(),
      DevoteeStar: textOrNumber(3),
      PujaQuantity: textOrNumber(3).optional(),
      PujaTypeID: textOrNumber().optional(),
      Rate: money.optional(),
      PostalCharges: money.optional(),
      OnlineBookingStatus: textOrNumber().optional(),
      Address: z.union([textOrNumber(500), z.null()]).optional(),
      ShippingID: z.union([textOrNumber(12), z.null()]).optional(),
    }),
    response: z.object({
      result: z.enum(["1", "0"]),
      Message: z.string(),
      Mode: z.enum(["request", "cart"]).optional().meta({ description: "request: waits for the temple; cart: ready to pay." }),
      Count: z.number().int().optional().meta({ description: "Lines added (one per date)." }),
      field: z.string().optional(),
    }),
    auth: "customer",
    writes: true,
    portalChecked: true,
    statuses: [401, 403],
  },
  async ({ c, db, env, input, session }) => {
    if (input.TempleID === undefined || input.PujaID === undefined) {
      return badRequest(c, input.TempleID === undefined ? "TempleID" : "PujaID", B.puja);
    }
    const failed = (field: string, message: string) => ({ result: "0" as const, Message: message, field: legacyField(field) });
    const puja = await findBookablePuja(db, { templeId: input.TempleID, pujaId: input.PujaID });
    if (!puja) return failed("templePujaId", NOT_BOOKABLE);
    const postal = Number(input.PostalCharges ?? 0) > 0;
    const addressText =
      input.ShippingID ??
      (typeof input.Address === "number" || /^\d+$/.test(String(input.Address ?? "").trim()) ? input.Address : undefined);
    const values = {
      templePujaId: puja.id,
      devotees: [{ name: input.DevoteeName ?? "", starId: input.DevoteeStar === undefined ? "" : String(input.DevoteeStar) }],
      dates: parseDateList(input.dates),
      quantity: input.PujaQuantity,
      postal: postal || undefined,
      addressId:
        postal && addressText !== undefined && addressText !== null && String(addressText).trim() !== "" && String(addressText) !== "0"
          ? addressText
          : undefined,
    };
    const parsed = validatePortal(c, pujaBookingSchema, values, RENAME);
    if ("response" in parsed) return parsed.response;
    const { addressId } = parsed.data;
    const result = await addPujaToBookingList(
      db,
      session.customer.id,
      {
        templePujaId: puja.id,
        devotees: parsed.data.devotees.map((d) => ({ name: d.name, starId: d.starId })),
        dates: parsed.data.dates,
        quantity: parsed.data.quantity,
        postal: parsed.data.postal ?? false,
        addressId: typeof addressId === "number" ? addressId : null,
        // A client that keeps cookies carries the waiting room's pass; it admits only the session it was given in.
        pass: presentedPass(c.req.raw, env.config.SESSION_SECRET, session.sessionId),
      },
      undefined,
      null,
      env,
    );
    if (!result.ok) return failed(result.field ?? "templePujaId", result.message);
    return { result: "1" as const, Message: B.added, Mode: result.mode, Count: result.count };
  },
);
