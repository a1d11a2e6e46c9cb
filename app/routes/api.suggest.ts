import { z } from "zod";
import { suggestPriestFilter } from "~/domain/priests-suggest.server";
import { suggestForSearch } from "~/domain/temples-suggest.server";
import { dbFrom } from "~/lib/db.server";
import type { Route } from "./+types/api.suggest";

const suggestQuery = z.object({
  list: z.enum(["search", "puja", "temple", "priest"]).catch("search"),
  q: z.string().max(100).catch("").default(""),
});

/**
 * Autocomplete answers as JSON: `list=search` for the temple search (temples, deities,
 * pujas), `puja`, `temple` or `priest` for the priests filters. Public and cacheable.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { list, q } = suggestQuery.parse(Object.fromEntries(new URL(request.url).searchParams));
  const db = dbFrom(context);
  const items =
    list === "search"
      ? await suggestForSearch(db, q)
      : (await suggestPriestFilter(db, list, q)).map((label) => ({ label }));
  return Response.json(
    { items },
    { headers: { "Cache-Control": "public, max-age=300, s-maxage=3600" } },
  );
}
