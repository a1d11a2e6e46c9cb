/**
 * Priests directory rules (spec section 4), shared by the server and the browser.
 * The SQL in priests.server.ts implements the same rules; `passesPriestFilters` states
 * them plainly and the tests hold the two together.
 */
import { m } from "~/paraglide/messages";

export const PRIEST_PAGE_SIZE = 20;
export const PRIEST_SHOWN_MAX = 5_000;

/** The filters, with their label and placeholder read when shown (getters: the page's language). */
export const PRIEST_FILTERS = [
  {
    name: "puja",
    get label() {
      return m.priests_filter_puja();
    },
    get placeholder() {
      return m.priests_filter_any_puja();
    },
  },
  {
    name: "temple",
    get label() {
      return m.priests_filter_temple();
    },
    get placeholder() {
      return m.priests_filter_any_temple();
    },
  },
  {
    name: "priest",
    get label() {
      return m.priests_filter_priest();
    },
    get placeholder() {
      return m.priests_filter_any_priest();
    },
  },
] as const;

export type PriestFilterName = (typeof PRIEST_FILTERS)[number]["name"];
export type PriestFilterKeys = Record<PriestFilterName, string>;

/**
 * A filter key as typed: "" is empty (passes everything); text is compared without its
 * surrounding spaces; an all-blank key is one blank space, which is what a missing
 * name counts as.
 */
export function normalizeFilterKey(value: string | null | undefined): string {
  const text = value ?? "";
  if (text === "") return "";
  return text.trim() === "" ? " " : text.trim();
}

/** Case-insensitive as SQLite's NOCASE is: ASCII letters only. */
export function foldCase(value: string): string {
  return value.replace(/[A-Z]/g, (c) => c.toLowerCase());
}

/** Exact whole-text, case-insensitive equality; never a partial match. */
export function keyEquals(value: string | null, key: string): boolean {
  return foldCase(normalizeFilterKey(value ?? " ")) === foldCase(key);
}

export type PriestTempleFacts = {
  /** The associated temple's name (the Temple filter). */
  templeName: string;
  /** Pujas the temple's priests perform (the Puja filter). */
  pujaNames: string[];
  /** Its priests' names; null when not known (the Priest filter). */
  priestNames: (string | null)[];
};

/** A temple is kept when it passes every active filter; an empty key passes all. */
export function passesPriestFilters(temple: PriestTempleFacts, keys: Partial<PriestFilterKeys>): boolean {
  const puja = normalizeFilterKey(keys.puja);
  const templeKey = normalizeFilterKey(keys.temple);
  const priest = normalizeFilterKey(keys.priest);
  return (
    (!puja || temple.pujaNames.some((name) => keyEquals(name, puja))) &&
    (!templeKey || keyEquals(temple.templeName, templeKey)) &&
    (!priest || temple.priestNames.some((name) => keyEquals(name, priest)))
  );
}

/** The priests page address with these keys and this many results shown. */
export function priestsHref(keys: Partial<PriestFilterKeys>, shown?: number): string {
  const params = new URLSearchParams();
  for (const { name } of PRIEST_FILTERS) {
    const value = keys[name];
    if (value) params.set(name, value);
  }
  if (shown && shown > PRIEST_PAGE_SIZE) params.set("shown", String(shown));
  const query = params.toString();
  return query ? `/priests?${query}` : "/priests";
}
