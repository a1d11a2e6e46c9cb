import { z } from "zod";
import { suggestPriestFilter } from "~/domain/catalog/priests-suggest.server";
import { isSearchTextTooLong, SEARCH_MESSAGES } from "~/domain/catalog/search";
import { suggestForSearch } from "~/domain/catalog/suggest.server";
import { dbFrom } from "~/lib/db.server";
import type { Route } from "./+types/api.suggest";

const suggestQuery = z.object({
  list: z.enum(["search", "puja", "temple", "priest"]).catch("search"),
  q: z.string().catch("").default(""),
});

/**
 * Autocomplete answers as JSON: `list=search` for the temple search (temples, deities,
 * pujas), `puja`, `temple` or `priest` for the priests filters. Public and cacheable.
 * Text longer than a search box takes is answered with a message (400), never a guess.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { list, q } = suggestQuery.parse(Object.fromEntries(new URL(request.url).searchParams));
  if (isSearchTextTooLong(q.trim())) {
    return Response.json({ items: [], message: SEARCH_MESSAGES.tooLong }, { status: 400, headers: { "Cache-Control": "no-store" } });
  }
  const db = dbFrom(context);
  const items = list === "search" ? await suggestForSearch(db, q) : (await suggestPriestFilter(db, list, q)).map((label) => ({ label }));
  return Response.json({ items }, { headers: { "Cache-Control": "public, max-age=300, s-maxage=3600" } });
}
