/** The temple site's forms: book a puja, make a donation. Thin: parse, call the domain, answer. */
import type { Submission } from "@conform-to/react";
import type { RouterContextProvider } from "react-router";
import type { z } from "zod";
import { m } from "~/paraglide/messages";
import {
  BOOKING_MESSAGES as M,
  donationSchema,
  type PujaBookingInput,
  pujaBookingSchema,
  typedAddress,
} from "~/domain/bookings/cart/inputs";
import { resolveShippingAddress } from "~/domain/bookings/cart/addresses.server";
import { addPujaToBookingList, type BookingListInput, bookingReadStatements } from "~/domain/bookings/cart/booking-list.server";
import { addDonationToCart } from "~/domain/bookings/cart/cart.server";
import type { CurrentSession } from "~/web/auth.server";
import { dbFrom } from "~/lib/db.server";
import { appEnv, requestStateContext } from "~/lib/context.server";
import { redirectWithToast } from "~/lib/toast.server";
import { parseSubmission } from "~/lib/form-data.server";
import { replyToForm } from "~/web/form-reply";
import type { PresentedPass } from "~/domain/bookings/seats/release-pass.server";
import { servedTurn } from "~/web/served-turn.server";
import { addedToCartAddress, BOOKING_FORM_ANCHOR } from "~/web/temple-site-booking.server";

interface Args {
  context: Readonly<RouterContextProvider>;
  formData: FormData;
  session: CurrentSession;
  /** Where to come back to after success: the temple site. */
  returnTo: string;
  /** The devotee's waiting-room pass (released dates need it during a rush). */
  pass?: PresentedPass;
}

/** The booking list's input from the form's (the postal address resolved to `addressId`). */
function bookingInput(input: PujaBookingInput, addressId: number | null): BookingListInput {
  return {
    templePujaId: input.templePujaId,
    devotees: input.devotees.map((d) => ({ name: d.name, starId: d.starId, gotra: d.gotra })),
    dates: input.dates,
    quantity: input.quantity,
    postal: Boolean(input.postal),
    addressId,
  };
}

export interface PujaBooking {
  submission: Submission<z.input<typeof pujaBookingSchema>, string[], PujaBookingInput>;
  /** The booking's reads, made with the session's, and the customer they were read for. */
  reads?: Promise<{ customerId: number; rows: unknown[] | null }>;
}

/**
 * A puja booking's form, read before the session: its reads then go into the D1 batch that
 * reads the session's customer (one round trip for both). A booking with prasad by post
 * resolves its address first (it may save one), so it reads after that.
 */
export function startPujaBooking(context: Readonly<RouterContextProvider>, formData: FormData): PujaBooking {
  const submission = parseSubmission(formData, pujaBookingSchema);
  if (submission.status !== "success" || submission.value.postal) return { submission };
  const input = bookingInput(submission.value, null);
  let readFor = 0;
  const reads = context
    .get(requestStateContext)
    .alongsideSession((db, customerId) => {
      readFor = customerId;
      return [...(bookingReadStatements(db, customerId, input) ?? [])];
    })
    .then((rows) => ({ customerId: readFor, rows }))
    // A failed read fails the session's too, and is answered there; the booking would read again.
    .catch(() => ({ customerId: readFor, rows: null }));
  return { submission, reads };
}

export async function handlePujaBooking({ context, session, returnTo, pass }: Omit<Args, "formData">, booking: PujaBooking) {
  const { submission } = booking;
  if (submission.status !== "success") return replyToForm("puja", submission.reply(), submission.status === "error" ? 400 : 200);
  const { config } = appEnv(context);
  const db = dbFrom(context);
  const input = submission.value;
  const customerId = session.customer.id;
  try {
    let addressId: number | null = null;
    if (input.postal) {
      const address = await resolveShippingAddress(db, customerId, input.addressId, typedAddress(input));
      if (!address.ok) return replyToForm("puja", submission.reply({ fieldErrors: { [address.field]: [address.message] } }));
      addressId = address.id;
    }
    // The rows read with the session are this devotee's (the session held for the customer they were read for).
    const read = await booking.reads;
    const rows = read?.customerId === customerId ? read.rows : null;
    const result = await addPujaToBookingList(
      db,
      customerId,
      { ...bookingInput(input, addressId), pass },
      undefined,
      rows,
      appEnv(context),
    );
    if (!result.ok) {
      // Told the date is full: the turn is over, served (the waiting room counts it).
      if (result.seatsRefused) servedTurn(context, pass, true);
      const errors = result.field ? { fieldErrors: { [result.field]: [result.message] } } : { formErrors: [result.message] };
      return replyToForm("puja", submission.reply(errors));
    }
    const message = result.mode === "request" ? m.bookings_added_with_request({ added: M.added, request: M.requestAdded }) : M.added;
    // Back at the form that added it (a phone does not lose its place), which says so beside itself.
    const back = result.mode === "request" ? `${returnTo}#${BOOKING_FORM_ANCHOR}` : addedToCartAddress(returnTo);
    return redirectWithToast(back, config.SESSION_SECRET, { type: "success", message }, { status: 303 });
  } catch (error) {
    console.error("Could not add a puja to the booking list:", error instanceof Error ? error.message : "unknown error");
    return replyToForm("puja", submission.reply({ formErrors: [M.failed(config.SUPPORT_EMAIL)] }), 503);
  }
}

export async function handleDonation({ context, formData, session, returnTo }: Args) {
  const submission = parseSubmission(formData, donationSchema);
  if (submission.status !== "success") return replyToForm("donation", submission.reply(), submission.status === "error" ? 400 : 200);
  const { config } = appEnv(context);
  try {
    const result = await addDonationToCart(dbFrom(context), session.customer.id, submission.value);
    if (!result.ok) return replyToForm("donation", submission.reply({ fieldErrors: { [result.field]: [result.message] } }));
    return redirectWithToast(returnTo, config.SESSION_SECRET, { type: "success", message: M.donationAdded }, { status: 303 });
  } catch (error) {
    console.error("Could not add a donation:", error instanceof Error ? error.message : "unknown error");
    return replyToForm("donation", submission.reply({ formErrors: [M.failed(config.SUPPORT_EMAIL)] }), 503);
  }
}
