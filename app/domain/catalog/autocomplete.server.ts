import { z } from "zod";
import type { Database } from "~/db/client.server";
import { suggestPriestFilter } from "./priests-suggest.server";
import { isSearchTextTooLong, SEARCH_MESSAGES } from "./search";
import type { SuggestIndex } from "./suggest-index.server";
import { suggestForSearch } from "./suggest.server";
import type { Suggestion } from "./temples";

/**
 * An autocomplete's input: `list=search` for the temple search (temples, deities, pujas),
 * `puja`, `temple` or `priest` for the priests filters; anything else reads as the search.
 */
export const autocompleteQuery = z.object({
  list: z.enum(["search", "puja", "temple", "priest"]).catch("search"),
  q: z.string().catch("").default(""),
});

export type AutocompleteAnswer = { items: (Suggestion | { label: string })[] } | { items: []; message: string };

/** The choices for one autocomplete; text longer than a search box takes is answered with a message, never a guess. */
export async function autocomplete(
  db: Database,
  { list, q }: z.infer<typeof autocompleteQuery>,
  index?: SuggestIndex | null,
): Promise<AutocompleteAnswer> {
  if (isSearchTextTooLong(q.trim())) return { items: [], message: SEARCH_MESSAGES.tooLong };
  if (list === "search") return { items: await suggestForSearch(db, q, index) };
  return { items: (await suggestPriestFilter(db, list, q)).map((label) => ({ label })) };
}
