/** The temple site's forms: book a puja, make a donation. Thin: parse, call the domain, answer. */
import type { SubmissionResult } from "@conform-to/react";
import { data, type RouterContextProvider } from "react-router";
import { m } from "~/paraglide/messages";
import { BOOKING_MESSAGES as M, donationSchema, pujaBookingSchema, typedAddress } from "~/domain/bookings/inputs";
import { resolveShippingAddress } from "~/domain/bookings/addresses.server";
import { addPujaToBookingList } from "~/domain/bookings/booking-list.server";
import { addDonationToCart } from "~/domain/bookings/cart.server";
import type { CurrentSession } from "~/web/auth.server";
import { dbFrom } from "~/lib/db.server";
import { appEnv } from "~/lib/context.server";
import { redirectWithToast } from "~/lib/toast.server";
import { parseSubmission } from "~/lib/form-data.server";

export type BookingForm = "puja" | "donation";
export interface BookingActionData {
  form: BookingForm;
  result: SubmissionResult<string[]>;
}

interface Args {
  context: Readonly<RouterContextProvider>;
  formData: FormData;
  session: CurrentSession;
  /** Where to come back to after success: the temple site. */
  returnTo: string;
}

/** The domain host of the support address, for the spec's 'support@{host}'. */
export function supportHost(supportEmail: string): string {
  return supportEmail.split("@")[1] ?? supportEmail;
}

function reply(form: BookingForm, result: SubmissionResult<string[]>, status = 400) {
  return data<BookingActionData>({ form, result }, { status });
}

export async function handlePujaBooking({ context, formData, session, returnTo }: Args) {
  const submission = parseSubmission(formData, pujaBookingSchema);
  if (submission.status !== "success") return reply("puja", submission.reply(), submission.status === "error" ? 400 : 200);
  const { config } = appEnv(context);
  const db = dbFrom(context);
  const input = submission.value;
  const customerId = session.customer.id;
  try {
    let addressId: number | null = null;
    if (input.postal) {
      const address = await resolveShippingAddress(db, customerId, input.addressId, typedAddress(input));
      if (!address.ok) return reply("puja", submission.reply({ fieldErrors: { [address.field]: [address.message] } }));
      addressId = address.id;
    }
    const result = await addPujaToBookingList(db, customerId, {
      templePujaId: input.templePujaId,
      devotees: input.devotees.map((d) => ({ name: d.name, starId: d.starId })),
      dates: input.dates,
      quantity: input.quantity,
      postal: Boolean(input.postal),
      addressId,
    });
    if (!result.ok) {
      const errors = result.field ? { fieldErrors: { [result.field]: [result.message] } } : { formErrors: [result.message] };
      return reply("puja", submission.reply(errors));
    }
    const message = result.mode === "request" ? m.bookings_added_with_request({ added: M.added, request: M.requestAdded }) : M.added;
    return redirectWithToast(returnTo, config.SESSION_SECRET, { type: "success", message }, { status: 303 });
  } catch (error) {
    console.error("Could not add a puja to the booking list:", error instanceof Error ? error.message : "unknown error");
    return reply("puja", submission.reply({ formErrors: [M.failed(supportHost(config.SUPPORT_EMAIL))] }), 503);
  }
}

export async function handleDonation({ context, formData, session, returnTo }: Args) {
  const submission = parseSubmission(formData, donationSchema);
  if (submission.status !== "success") return reply("donation", submission.reply(), submission.status === "error" ? 400 : 200);
  const { config } = appEnv(context);
  try {
    const result = await addDonationToCart(dbFrom(context), session.customer.id, submission.value);
    if (!result.ok) return reply("donation", submission.reply({ fieldErrors: { [result.field]: [result.message] } }));
    return redirectWithToast(returnTo, config.SESSION_SECRET, { type: "success", message: M.donationAdded }, { status: 303 });
  } catch (error) {
    console.error("Could not add a donation:", error instanceof Error ? error.message : "unknown error");
    return reply("donation", submission.reply({ formErrors: [M.failed(supportHost(config.SUPPORT_EMAIL))] }), 503);
  }
}
