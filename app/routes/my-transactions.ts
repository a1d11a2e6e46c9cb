/** My Transactions' action: remove a booking from the list, with the server's message. */
import { data } from "react-router";
import { m } from "~/paraglide/messages";
import { z } from "zod";
import { removeTransaction } from "~/domain/bookings/records/transactions.server";
import { requireCustomer } from "~/web/auth.server";
import { dbFrom } from "~/lib/db.server";
import { appEnv } from "~/lib/context.server";
import { redirectWithToast } from "~/lib/toast.server";
import type { Route } from "./+types/my-transactions";
import { readForm } from "~/lib/form-data.server";
import { notFound } from "~/lib/not-found.server";

const removeSchema = z.object({ intent: z.literal("remove"), trackingNo: z.string().trim().min(1).max(40) });

export async function loader() {
  throw notFound();
}

export async function action({ request, context }: Route.ActionArgs) {
  const { customer } = await requireCustomer(context, request);
  const parsed = removeSchema.safeParse(Object.fromEntries(await readForm(request)));
  if (!parsed.success) throw data(m.bookings_unknown_form(), { status: 400 });
  const result = await removeTransaction(dbFrom(context), customer.id, parsed.data.trackingNo);
  return redirectWithToast(
    "/account?tab=transactions&view=completed",
    appEnv(context).config.SESSION_SECRET,
    { type: result.status === 0 ? "success" : "error", message: result.message },
    { status: 303 },
  );
}
