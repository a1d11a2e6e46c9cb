/** /api/Temple/ListTemples, /api/puja/getPujaId and /api/loadActivePujaPackages (spec section 7). */
import { Hono } from "hono";
import { z } from "zod";
import { listActivePackages } from "~/domain/content/content.server";
import { packagePageUrl } from "~/domain/catalog/temple-site";
import { listPriestCatalog } from "~/domain/catalog/priests.server";
import { findTemplePujaByName, listTempleCatalog } from "~/domain/catalog/temple-lists.server";
import { languageId, legacyId, rupeeAmount, rupees, text } from "./fields";
import { errorAnswer, type LegacyEnv } from "./http";
import { legacyPost } from "./route";
import {
  deityEntity,
  districtEntity,
  legacyDeity,
  legacyDistrict,
  legacyPuja,
  legacyState,
  legacyTemple,
  pujaEntity,
  stateEntity,
  templeEntity,
} from "./temple-shapes";
import { packagesOrigin } from "~/lib/packages-origin.server";

export const temple = new Hono<LegacyEnv>();

const templeCategory = z.object({
  Category: z.literal("temple"),
  temples: z.array(templeEntity),
  districts: z.array(districtEntity),
  deities: z.array(deityEntity),
  states: z.array(stateEntity),
  pujas: z.array(pujaEntity).meta({ description: "The master list of pujas." }),
});

const priestCategory = z.object({
  Category: z.literal("priest"),
  states: z.array(stateEntity),
  districts: z.array(districtEntity),
  priestCount: z.number().int().meta({ description: "How many priests there are (the directory pages by it)." }),
  pujas: z
    .array(z.object({ TempleID: z.number().int(), PujaName: z.string() }))
    .meta({ description: "Pujas performed by the priests of each temple (the Puja filter)." }),
  associatedTemples: z
    .array(z.object({ TempleID: z.number().int(), MessageBody: z.string() }))
    .meta({ description: "Temples with priests; MessageBody is the temple's name (the Temple filter's value)." }),
});

legacyPost(
  temple,
  {
    path: "/api/Temple/ListTemples",
    group: "Temple",
    summary: "Lists for the temples and priests pages",
    description:
      "Category temple (any case): every temple (the spec's Temple fields), district, deity, state and " +
      "master puja. Category priest: states, districts, priestCount, the pujas entries (TempleID, " +
      "PujaName) and associatedTemples (TempleID, MessageBody). Lists are whole, not paged; the answer " +
      "echoes Category. LanguageID: the language of names where the portal has them (English otherwise; " +
      "unknown ids answer English).",
    request: z.object({
      LanguageID: languageId,
      Category: z
        .string({ error: "Category must be temple or priest" })
        .trim()
        .toLowerCase()
        .pipe(z.enum(["temple", "priest"], { error: "Category must be temple or priest" }))
        .meta({ description: "temple or priest (any case)" }),
    }),
    response: z.discriminatedUnion("Category", [templeCategory, priestCategory]),
    auth: "public",
    writes: false,
  },
  async ({ db, input }) => {
    if (input.Category === "priest") {
      const lists = await listPriestCatalog(db);
      return {
        Category: "priest" as const,
        states: lists.states.map(legacyState),
        districts: lists.districts.map(legacyDistrict),
        priestCount: lists.priestCount,
        pujas: lists.pujas.map((p) => ({ TempleID: p.templeId, PujaName: p.pujaName })),
        associatedTemples: lists.associatedTemples.map((t) => ({ TempleID: t.templeId, MessageBody: t.name })),
      };
    }
    const lists = await listTempleCatalog(db);
    return {
      Category: "temple" as const,
      temples: lists.temples.map(legacyTemple),
      districts: lists.districts.map(legacyDistrict),
      deities: lists.deities.map(legacyDeity),
      states: lists.states.map(legacyState),
      pujas: lists.pujas.map(legacyPuja),
    };
  },
);

legacyPost(
  temple,
  {
    path: "/api/puja/getPujaId",
    group: "Temple",
    summary: "A temple's puja id by name",
    description:
      "templeId and pujaName (exact, case-insensitive) → the master PujaID to send to " +
      "/api/request/addtolist, with the temple's current Rate and PostalCharge in rupees and BookingMode " +
      "(direct: straight to the cart; request: the temple accepts first). A puja the temple does not offer " +
      "(or not any more) is a 404 naming pujaName.",
    request: z.object({ templeId: legacyId(), pujaName: text(100).trim().min(1, "Enter a puja name") }),
    response: z.object({
      PujaID: z.number().int(),
      PujaName: z.string(),
      TempleID: z.number().int(),
      Rate: rupees,
      PostalCharge: rupees,
      BookingMode: z.enum(["direct", "request"]),
    }),
    auth: "public",
    writes: false,
    statuses: [404],
  },
  async ({ c, db, input }) => {
    const row = await findTemplePujaByName(db, input.templeId, input.pujaName);
    if (!row) return errorAnswer(c, 404, "not_found", "pujaName", "This temple does not offer that puja.");
    return {
      PujaID: row.pujaId,
      PujaName: row.pujaName,
      TempleID: row.templeId,
      Rate: rupeeAmount(row.rate),
      PostalCharge: rupeeAmount(row.postalCharge),
      BookingMode: row.bookingMode,
    };
  },
);

const packageEntity = z.object({
  PackageID: z.number().int(),
  PackageName: z.string(),
  HomePageShortDesc: z.string(),
  imagePath: z.string(),
  PackageURL: z.string().meta({ description: "The package's page on the packages site (page_details?packageId=N)." }),
});

legacyPost(
  temple,
  {
    path: "/api/loadActivePujaPackages",
    group: "Temple",
    summary: "Active puja packages",
    description:
      "The client reads the first element: the answer is an array whose first (and only) element is the " +
      "list of active packages, in display order (up to 8, as the home carousel shows).",
    request: z.object({}),
    response: z.array(z.array(packageEntity)).length(1),
    auth: "public",
    writes: false,
  },
  async ({ c, env, db }) => {
    const rows = await listActivePackages(db);
    const origin = packagesOrigin(env.config, c.req.url);
    return [
      rows.map((p) => ({
        PackageID: p.id,
        PackageName: p.name,
        HomePageShortDesc: p.homePageShortDesc,
        imagePath: p.imagePath,
        PackageURL: packagePageUrl(origin, p.id),
      })),
    ];
  },
);
