/**
 * /api/Transaction/*: My Transactions for legacy clients, over the bookings domain
 * (transactions.server.ts) and its one totals function. Every read is scoped to the
 * signed-in customer: another customer's TrackingNo answers exactly as an unknown one.
 */
import { Hono } from "hono";
import { href } from "react-router";
import { z } from "zod";
import {
  listRequests,
  listTransactionSummaries,
  loadListedTransaction,
  removeTransaction,
} from "~/domain/bookings/records/transactions.server";
import { REQUEST_STATUS } from "~/domain/bookings/desk/request-lifecycle.server";
import { rupeeAmount, rupees, text } from "./fields";
import { errorAnswer, type LegacyEnv } from "./http";
import { legacyPost } from "./route";

export const transaction = new Hono<LegacyEnv>();

const trackingPayload = z.object({ TrackingNo: text(64).trim().min(1, "Enter a tracking number") });

const summary = z.object({
  BookingDate: z.string(),
  ReceiptNo: z.string(),
  TrackingNo: z.string(),
  Total: rupees,
  Status: z.literal(0).meta({ description: "0: completed. Removed bookings ('Deleted') are left out." }),
});

const requestItem = z.object({
  RequestID: z.number().int(),
  TempleName: z.string(),
  PujaName: z.string(),
  DevoteeName: z.string(),
  PujaDate: z.string(),
  Rate: rupees,
  Status: z.union([z.literal(1), z.literal(2)]).meta({ description: "1 accepted (can go to the cart), 2 requested." }),
  TempleID: z.number().int(),
  PujaID: z.number().int(),
  PujaSubTypeID: z.number().int().meta({ description: "The temple's own offering of the puja (its temple-puja id)." }),
  DevoteeStarID: z.number().int().nullable(),
  PostalCharge: rupees,
  AddressID: z.number().int().nullable(),
  ShippingID: z.number().int().nullable(),
});

const NOT_FOUND = "We could not find that booking in your list.";

/** Reads of one of the customer's bookings: another customer's, or a removed one, is a 404 like an unknown one. */
const OWN_BOOKING_READ = { auth: "customer" as const, writes: false, statuses: [401 as const, 404 as const] };

legacyPost(
  transaction,
  {
    path: "/api/Transaction/TransactionSummary",
    group: "Transaction",
    summary: "Completed bookings and puja requests",
    description:
      "Two lists: summaries (the Completed tab: status 0, newest first; Total in rupees) and requests " +
      "(Status 2 requested and 1 accepted, soonest puja date first).",
    request: z.object({}),
    response: z.object({ summaries: z.array(summary), requests: z.array(requestItem) }),
    auth: "customer",
    writes: false,
    statuses: [401],
  },
  async ({ db, session }) => {
    const customerId = session.customer.id;
    const [summaries, requested, accepted] = await Promise.all([
      listTransactionSummaries(db, customerId),
      listRequests(db, customerId, REQUEST_STATUS.requested),
      listRequests(db, customerId, REQUEST_STATUS.accepted),
    ]);
    return {
      summaries: summaries.map((s) => ({
        BookingDate: s.bookingDate,
        ReceiptNo: s.receiptNo,
        TrackingNo: s.trackingNo,
        Total: rupeeAmount(s.total),
        Status: 0 as const,
      })),
      requests: [...requested, ...accepted].map((r) => ({
        RequestID: r.id,
        TempleName: r.templeName,
        PujaName: r.pujaName,
        DevoteeName: r.devoteeName,
        PujaDate: r.pujaDate,
        Rate: rupeeAmount(r.rate),
        Status: r.status === REQUEST_STATUS.accepted ? (1 as const) : (2 as const),
        TempleID: r.templeId,
        PujaID: r.pujaId,
        PujaSubTypeID: r.templePujaId,
        DevoteeStarID: r.devoteeStarId,
        PostalCharge: rupeeAmount(r.postalCharge),
        AddressID: r.addressId,
        ShippingID: r.shippingId,
      })),
    };
  },
);

legacyPost(
  transaction,
  {
    path: "/api/Transaction/TransactionTempleDetails",
    group: "Transaction",
    summary: "A booking's temples, with their totals",
    description:
      "The temple groups of one of your bookings, in the order they appear in it: TempleID, TempleName and " +
      "the group's totals in rupees (the client hides the puja or donation table whose total is 0). A " +
      "TrackingNo that is not yours is a 404, the same as an unknown one.",
    request: trackingPayload,
    response: z.array(
      z.object({
        TempleID: z.number().int(),
        TempleName: z.string(),
        PujaTotal: rupees,
        DonationTotal: rupees,
        PostalTotal: rupees,
        Total: rupees,
      }),
    ),
    ...OWN_BOOKING_READ,
  },
  async ({ c, db, input, session }) => {
    const loaded = await loadListedTransaction(db, session.customer.id, input.TrackingNo);
    if (!loaded) return errorAnswer(c, 404, "not_found", "TrackingNo", NOT_FOUND);
    return loaded.totals.temples.map((group) => ({
      TempleID: group.templeId,
      TempleName: group.templeName,
      PujaTotal: rupeeAmount(group.pujaTotal),
      DonationTotal: rupeeAmount(group.donationTotal),
      PostalTotal: rupeeAmount(group.postalTotal),
      Total: rupeeAmount(group.total),
    }));
  },
);

const line = z.object({
  ItemType: z.enum(["PUJA", "DONATION"]),
  ItemName: z.string(),
  ItemID: z.number().int().nullable().meta({ description: "The temple's puja offering (PUJA) or donation purpose (DONATION)." }),
  TempleName: z.string(),
  TempleID: z.number().int(),
  Quantity: z.number().int(),
  PujaDate: z.string().nullable(),
  StarName: z.string(),
  DevoteeName: z.string(),
  Amount: rupees.meta({ description: "Rate per unit, in rupees." }),
  PujaAmount: rupees.meta({ description: "Amount x Quantity." }),
  PostalCharge: rupees.meta({ description: "Postal charge per unit (0 without postal prasad)." }),
  PostalAmount: rupees.meta({ description: "Quantity x PostalCharge." }),
  Total: rupees.meta({ description: "PUJA: Amount x Quantity + Quantity x PostalCharge; DONATION: Amount x Quantity." }),
  PujaStatus: z.string().meta({ description: "booked, done or cancelled (the spec leaves the values open)." }),
  DocumentPath: z.string().meta({ description: "The puja video's address on this site (only its owner may open it); empty when none." }),
});

legacyPost(
  transaction,
  {
    path: "/api/Transaction/TransactionDetails",
    group: "Transaction",
    summary: "A booking's lines",
    description:
      "Every line of one of your bookings, with the spec's fields and totals in rupees. A TrackingNo that " +
      "is not yours is a 404, the same as an unknown one.",
    request: trackingPayload,
    response: z.array(line),
    ...OWN_BOOKING_READ,
  },
  async ({ c, db, input, session }) => {
    const loaded = await loadListedTransaction(db, session.customer.id, input.TrackingNo);
    if (!loaded) return errorAnswer(c, 404, "not_found", "TrackingNo", NOT_FOUND);
    return loaded.totals.temples.flatMap((group) =>
      [...group.pujas, ...group.donations].map((l) => ({
        ItemType: l.itemType,
        ItemName: l.itemName,
        ItemID: l.itemType === "PUJA" ? l.itemId : l.donationPurposeId,
        TempleName: l.templeName,
        TempleID: l.templeId,
        Quantity: l.quantity,
        PujaDate: l.pujaDate,
        StarName: l.starName ?? "",
        DevoteeName: l.devoteeName,
        Amount: rupeeAmount(l.amount),
        PujaAmount: rupeeAmount(l.itemAmount),
        PostalCharge: rupeeAmount(l.postalCharge),
        PostalAmount: rupeeAmount(l.postalAmount),
        Total: rupeeAmount(l.total),
        PujaStatus: l.pujaStatus,
        DocumentPath: l.hasVideo ? href("/videos/:trackingNo/:lineId", { trackingNo: l.trackingNo, lineId: String(l.id) }) : "",
      })),
    );
  },
);

legacyPost(
  transaction,
  {
    path: "/api/Transaction/RemoveTransaction",
    group: "Transaction",
    summary: "Remove a booking from the list",
    description:
      "Hides one of your completed bookings from the list (it is not cancelled: bookings cannot be). " +
      "Status 0: removed, with the Message the spec's client shows when Status is 0. Status 1: not in your " +
      "list (unknown, already removed or another customer's: the same answer).",
    request: trackingPayload,
    response: z.object({ Status: z.union([z.literal(0), z.literal(1)]), Message: z.string() }),
    auth: "customer",
    writes: true,
    statuses: [401, 403],
  },
  async ({ db, input, session }) => {
    const result = await removeTransaction(db, session.customer.id, input.TrackingNo);
    return { Status: result.status, Message: result.message };
  },
);
