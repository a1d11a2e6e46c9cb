/** Favourite temples: add or remove one, then go back where the devotee was. */
import { z } from "zod";
import { addFavourite, FAVOURITE_MESSAGES, removeFavourite } from "~/domain/accounts/favourites.server";
import { requireCustomer } from "~/web/auth.server";
import { dbFrom } from "~/lib/db.server";
import { appEnv } from "~/lib/context.server";
import { redirectWithToast } from "~/lib/toast.server";
import { safeRedirect } from "~/lib/safe-redirect";
import type { Route } from "./+types/favourites";
import { readForm } from "~/lib/form-data.server";
import { notFound } from "~/lib/not-found.server";

const favouriteSchema = z.object({
  intent: z.enum(["add", "remove"]),
  templeId: z.coerce.number().int().positive().max(2_147_483_647),
});

export async function loader() {
  throw notFound();
}

export async function action({ request, context }: Route.ActionArgs) {
  const { customer } = await requireCustomer(context, request);
  const formData = await readForm(request);
  const redirectTo = safeRedirect(formData.get("redirectTo"), "/account?tab=favourites");
  const secret = appEnv(context).config.SESSION_SECRET;
  const parsed = favouriteSchema.safeParse(Object.fromEntries(formData));
  if (!parsed.success) {
    return redirectWithToast(redirectTo, secret, { type: "error", message: FAVOURITE_MESSAGES.unknown }, { status: 303 });
  }
  const db = dbFrom(context);
  const { intent, templeId } = parsed.data;
  const result = intent === "add" ? await addFavourite(db, customer.id, templeId) : await removeFavourite(db, customer.id, templeId);
  return redirectWithToast(redirectTo, secret, { type: result.ok ? "success" : "info", message: result.message }, { status: 303 });
}
