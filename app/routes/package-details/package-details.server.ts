/** The package form's action: parse, save the prasad address, put every puja into the cart. */
import type { RouterContextProvider } from "react-router";
import { BOOKING_MESSAGES as M, packageBookingSchema, typedAddress } from "~/domain/bookings/cart/inputs";
import { resolveShippingAddress } from "~/domain/bookings/cart/addresses.server";
import { addPackageToCart } from "~/domain/bookings/cart/packages.server";
import type { CurrentSession } from "~/web/auth.server";
import { dbFrom } from "~/lib/db.server";
import { appEnv } from "~/lib/context.server";
import { redirectWithToast } from "~/lib/toast.server";
import { parseSubmission } from "~/lib/form-data.server";
import { replyToForm } from "~/web/form-reply";
import { presentedPass } from "~/web/release-pass.server";

interface Args {
  context: Readonly<RouterContextProvider>;
  request: Request;
  formData: FormData;
  session: CurrentSession;
}

export async function handlePackageBooking({ context, request, formData, session }: Args) {
  const submission = parseSubmission(formData, packageBookingSchema);
  if (submission.status !== "success") return replyToForm("package", submission.reply(), submission.status === "error" ? 400 : 200);
  const { config } = appEnv(context);
  const db = dbFrom(context);
  const input = submission.value;
  try {
    let addressId: number | null = null;
    if (input.postal) {
      const address = await resolveShippingAddress(db, session.customer.id, input.addressId, typedAddress(input));
      if (!address.ok) return replyToForm("package", submission.reply({ fieldErrors: { [address.field]: [address.message] } }));
      addressId = address.id;
    }
    const result = await addPackageToCart(db, session.customer.id, {
      packageId: input.packageId,
      devoteeName: input.devoteeName,
      starId: input.starId,
      gotra: input.gotra,
      date: input.date,
      postal: Boolean(input.postal),
      addressId,
      pass: presentedPass(request, config.SESSION_SECRET, session.sessionId),
    });
    if (!result.ok) return replyToForm("package", submission.reply({ formErrors: [result.message] }));
    return redirectWithToast("/cart", config.SESSION_SECRET, { type: "success", message: result.message }, { status: 303 });
  } catch (error) {
    console.error("Could not book a package:", error instanceof Error ? error.message : "unknown error");
    return replyToForm("package", submission.reply({ formErrors: [M.failed(config.SUPPORT_EMAIL)] }), 503);
  }
}
