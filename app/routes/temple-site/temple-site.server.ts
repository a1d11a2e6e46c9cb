/** The temple site's forms: book a puja, make a donation. Thin: parse, call the domain, answer. */
import type { RouterContextProvider } from "react-router";
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
import { replyToForm } from "~/web/form-reply";
import type { PresentedPass } from "~/domain/bookings/release-pass.server";

interface Args {
  context: Readonly<RouterContextProvider>;
  formData: FormData;
  session: CurrentSession;
  /** Where to come back to after success: the temple site. */
  returnTo: string;
  /** The devotee's waiting-room pass (released dates need it during a rush). */
  pass?: PresentedPass;
}

export async function handlePujaBooking({ context, formData, session, returnTo, pass }: Args) {
  const submission = parseSubmission(formData, pujaBookingSchema);
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
    const result = await addPujaToBookingList(db, customerId, {
      templePujaId: input.templePujaId,
      devotees: input.devotees.map((d) => ({ name: d.name, starId: d.starId })),
      dates: input.dates,
      quantity: input.quantity,
      postal: Boolean(input.postal),
      addressId,
      pass,
    });
    if (!result.ok) {
      const errors = result.field ? { fieldErrors: { [result.field]: [result.message] } } : { formErrors: [result.message] };
      return replyToForm("puja", submission.reply(errors));
    }
    const message = result.mode === "request" ? m.bookings_added_with_request({ added: M.added, request: M.requestAdded }) : M.added;
    return redirectWithToast(returnTo, config.SESSION_SECRET, { type: "success", message }, { status: 303 });
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
