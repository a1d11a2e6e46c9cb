/**
 * Favourite temples: /api/Customer/FavouriteTemples, /api/Customer/RemoveFavouriteTemple
 * and /api/Temple/AddToFavourites, over the bookings domain's favourites module.
 */
import { Hono } from "hono";
import { z } from "zod";
import { addFavourite, listFavourites, removeFavourite } from "~/domain/accounts/favourites.server";
import { templeSiteHref } from "~/domain/catalog/temple-site";
import { bit, languageId, legacyId, statusMessage, toBit } from "./fields";
import type { LegacyEnv } from "./http";
import { legacyPost } from "./route";

export const favourites = new Hono<LegacyEnv>();

const favourite = z.object({
  TempleID: z.number().int(),
  TempleName: z.string(),
  DisplayName: z.string(),
  ImageURL: z.string(),
  WebSite: z.string(),
  InternetBankingFacility: bit,
  TempleURL: z
    .string()
    .meta({ description: "Where a click leads: the temple's site on the portal, or its own website; empty when neither." }),
});

legacyPost(
  favourites,
  {
    path: "/api/Customer/FavouriteTemples",
    group: "Customer",
    summary: "Your favourite temples",
    description:
      "The favourites grid: image, display name and where a click leads, oldest first. LanguageID: the " +
      "language of names where the portal has them (English otherwise; unknown ids answer English).",
    request: z.object({ LanguageID: languageId }),
    response: z.array(favourite),
    auth: "customer",
    writes: false,
    statuses: [401],
  },
  async ({ db, session }) =>
    (await listFavourites(db, session.customer.id)).map((t) => ({
      TempleID: t.templeId,
      TempleName: t.name,
      DisplayName: t.displayName,
      ImageURL: t.imageUrl,
      WebSite: t.website,
      InternetBankingFacility: toBit(t.onlineBooking),
      TempleURL: templeSiteHref(t) ?? "",
    })),
);

const templePayload = z.object({ TempleID: legacyId() });

/** Adding and removing: a signed-in customer's write about one temple. */
const FAVOURITE_ROUTE = {
  request: templePayload,
  response: statusMessage,
  auth: "customer" as const,
  writes: true,
  statuses: [401 as const, 403 as const],
};

legacyPost(
  favourites,
  {
    path: "/api/Temple/AddToFavourites",
    group: "Temple",
    summary: "Add a temple to your favourites",
    description:
      "The spec does not show the answer. Status success ('Temple added to your favourites.'), or failure " +
      "when it is already a favourite or no such temple exists (Message says which). A temple is never " +
      "listed twice.",
    ...FAVOURITE_ROUTE,
  },
  async ({ db, input, session }) => {
    const result = await addFavourite(db, session.customer.id, input.TempleID);
    return { Status: result.ok ? ("success" as const) : ("failure" as const), Message: result.message };
  },
);

legacyPost(
  favourites,
  {
    path: "/api/Customer/RemoveFavouriteTemple",
    group: "Customer",
    summary: "Remove a temple from your favourites",
    description:
      "The spec does not show the answer. Always Status success ('Temple removed from your favourites.'): " +
      "removing a temple that is not a favourite (or another customer's) changes nothing and says the same.",
    ...FAVOURITE_ROUTE,
  },
  async ({ db, input, session }) => {
    const result = await removeFavourite(db, session.customer.id, input.TempleID);
    return { Status: "success" as const, Message: result.message };
  },
);
