/** Temple search rules shared by the server and the browser (no server imports here). */
import { m } from "~/paraglide/messages";

export const TEMPLE_PAGE_SIZE = 24;
/** Spec section 9: choosing a suggestion goes to the temples list after 500 ms. */
export const SEARCH_REDIRECT_DELAY_MS = 500;
export const SEARCH_KINDS = ["temple", "puja", "deity"] as const;
export type SearchKind = (typeof SEARCH_KINDS)[number];

/**
 * Deity suggestions read "<Deity> Temples"; the suffix is dropped when searching. This label
 * is a search key (suggestions, addresses), so it stays English; `deityTitle` is what a
 * heading or card shows in the page's language.
 */
export const DEITY_SUFFIX = " Temples";
const DEITY_SUFFIX_PATTERN = /\s+temples?$/i;

export function deityLabel(name: string): string {
  return `${name}${DEITY_SUFFIX}`;
}

/** "<Deity> Temples" in the page's language, for headings and cards. */
export function deityTitle(name: string): string {
  return m.temples_deity_title({ deity: name });
}

export function stripDeitySuffix(value: string): string {
  return value.replace(DEITY_SUFFIX_PATTERN, "").trim();
}

/**
 * One autocomplete entry: what to search (key1), the text (key2) and its id (key3). `text` is
 * what the list shows in the page's language ("ശിവ ക്ഷേത്രങ്ങൾ"); `label` stays the search key
 * ("Shiva Temples"). `place` ("Thrissur, Kerala") tells temples of the same name apart.
 */
/**
 * An autocomplete answer: `label` is the English search key (a temple's display name, a
 * deity's "<name> Temples", a puja's name), `text` what the page's language shows where it
 * differs, `otherName` a temple's other name (what was typed may be it), `place` a temple's
 * district and state.
 */
export type Suggestion = {
  kind: SearchKind;
  label: string;
  text?: string;
  otherName?: string;
  id: number;
  place?: string;
  /** A verified temple (its card and site link to what was checked). */
  verified?: true;
};

/** The temples list address for a chosen suggestion: /temples/<key1>/<key2>/<key3>. */
export function suggestionHref(suggestion: Suggestion): string {
  return `/temples/${suggestion.kind}/${encodeURIComponent(suggestion.label)}/${suggestion.id}`;
}

/** The temples list address for typed text (Enter): the server works out what it is. */
export function textSearchHref(text: string): string {
  const value = text.trim();
  return value ? `/temples?key2=${encodeURIComponent(value)}` : "/temples";
}

/** An http address for a temple's own website, from its WebSite field. */
export function templeWebsiteUrl(website: string): string | null {
  const host = website
    .trim()
    .replace(/^https?:\/\//i, "")
    .replace(/\/+$/, "");
  return host ? `http://${host}` : null;
}

/** A heading for the results, from what was searched (in the page's language). */
export function searchTitle(kind: SearchKind | undefined, value: string | undefined): string {
  if (!value) return m.temples_title();
  if (kind === "deity") return deityTitle(stripDeitySuffix(value));
  if (kind === "puja") return m.temples_offering_title({ puja: value });
  return m.temples_search_title({ text: value });
}

/** Page numbers around the current one, with the first and last, and gaps as null. */
export function pageWindow(page: number, pageCount: number, radius = 1): (number | null)[] {
  const pages = new Set([1, pageCount]);
  for (let p = page - radius; p <= page + radius; p++) if (p >= 1 && p <= pageCount) pages.add(p);
  const sorted = [...pages].sort((a, b) => a - b);
  return sorted.flatMap((p, i) => (i > 0 && p - sorted[i - 1]! > 1 ? [null, p] : [p]));
}
