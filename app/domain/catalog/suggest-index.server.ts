/**
 * The autocomplete's first round from the isolate's memory: deities, pujas and every temple's
 * candidate row with the tokens of its two FTS5 indexes (the name index and the word index over
 * the folded keys), read from D1 once per content version and asked without a round trip. A
 * suggestion is asked at every keystroke, and one local D1 round trip costs several times a bare
 * route's CPU (docs/benchmarks.md): from here a suggestion costs the ranking and little else.
 *
 * It finds exactly what the one statement (`firstSuggestionRows`) finds, which
 * tests/catalog/suggest-index.test.ts checks text by text: the same lookups, the same limits, the
 * same orders, the name index's tokens as SQLite's `unicode61` makes them (fts-tokens.ts). Where it
 * cannot be sure (a character `ftsTokens` does not know, in the typed text or in any name or key),
 * it answers null and the statement is asked.
 *
 * Fresh as the edge cache's pages are: it is kept under the content version it was read at (the
 * `content_version` row, raised by triggers on every write to temples, their keys, deities and
 * pujas) and used only while the Worker's content version (read at most once a second per
 * isolate, at once after a write through it) is that one. After a change the statement answers
 * until the index is read again, at most once every `RELOAD_GAP_MS` per isolate, so a directory
 * edited all day costs a reload now and then, not one per change.
 */
import { ftsTokens } from "./fts-tokens";
import { ftsPrefixWords } from "./name-index.server";
import {
  ALL_WORDS_CANDIDATES,
  allWordsKeyGroups,
  CANDIDATE_SQL,
  candidateFromRow,
  NAME_START_CANDIDATES,
  type OneWordCandidates,
  type TempleCandidate,
} from "./ranked-search.server";
import { pastPrefix } from "./search";
import { queryWords } from "./search-rank";
import { stripDeitySuffix } from "./temples";

type NamedRow = { id: number; name: string };
export type FirstSuggestionRows = { deityRows: NamedRow[]; pujaRows: NamedRow[]; firstRound: TempleCandidate[][] };

/** A directory larger than this is not held in memory (about 1 KB a temple): the statement answers. */
export const MAX_INDEXED_TEMPLES = 150_000;
const RELOAD_GAP_MS = 60_000;

/** Lower case for ASCII letters only, as SQLite's `lower()` and `nocase` fold. */
const asciiLower = (text: string) => text.replace(/[A-Z]/g, (letter) => letter.toLowerCase());
/** Text whose UTF-16 order is SQLite's (UTF-8 byte) order. */
const BMP_BELOW_SURROGATES = /^[^\ud800-\uffff]*$/;
const ASCII = /^[^\u0080-\uffff]*$/;

/** Positions of documents by token; the tokens sorted, so the tokens starting with a prefix are one run. */
class TokenIndex {
  readonly #terms: string[];
  readonly #postings: Int32Array[];

  constructor(byToken: Map<string, number[]>) {
    this.#terms = [...byToken.keys()].sort();
    this.#postings = this.#terms.map((term) => Int32Array.from(byToken.get(term)!));
  }

  /** Every document with a token starting with `prefix`. */
  withPrefix(prefix: string, into: Set<number>): Set<number> {
    for (let i = this.#first(prefix); i < this.#terms.length && this.#terms[i]!.startsWith(prefix); i++)
      for (const at of this.#postings[i]!) into.add(at);
    return into;
  }

  /** Every document with the token itself. */
  exact(token: string): Int32Array {
    const at = this.#first(token);
    return this.#terms[at] === token ? this.#postings[at]! : new Int32Array();
  }

  /** Where the first token not before `text` is. */
  #first(text: string): number {
    return firstNotBefore(this.#terms, text);
  }
}

/** In `sorted` (ascending, by code unit), the index of the first string not before `text` (its length when none). */
function firstNotBefore(sorted: readonly string[], text: string): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (sorted[middle]! < text) low = middle + 1;
    else high = middle;
  }
  return low;
}

function addTokens(byToken: Map<string, number[]>, tokens: readonly string[], at: number) {
  for (const token of tokens) {
    const list = byToken.get(token);
    if (!list) byToken.set(token, [at]);
    else if (list[list.length - 1] !== at) list.push(at);
  }
}

function intersect(sets: Set<number>[]): Set<number> {
  const [first, ...rest] = sets;
  const found = new Set<number>();
  for (const at of first!) if (rest.every((set) => set.has(at))) found.add(at);
  return found;
}

export class SuggestIndex implements OneWordCandidates {
  readonly #temples: TempleCandidate[];
  /** Each temple's place in `prominence desc, id` (the order candidates are kept in). */
  readonly #rank: Int32Array;
  /** Temples by name ignoring ASCII case, then id; and those names. */
  readonly #byName: Int32Array;
  readonly #names: string[];
  readonly #nameTokens: TokenIndex;
  readonly #keyTokens: TokenIndex;
  readonly #deities: (NamedRow & { order: number; lowered: string })[];
  readonly #pujas: (NamedRow & { lowered: string })[];

  private constructor(temples: TempleCandidate[], keys: (string | null)[], deities: (NamedRow & { order: number })[], pujas: NamedRow[]) {
    this.#temples = temples;
    const byRank = temples
      .map((_, at) => at)
      .sort((a, b) => temples[b]!.prominence - temples[a]!.prominence || temples[a]!.id - temples[b]!.id);
    this.#rank = new Int32Array(temples.length);
    byRank.forEach((at, place) => {
      this.#rank[at] = place;
    });
    const lowered = temples.map((temple) => asciiLower(temple.name));
    const byName = temples
      .map((_, at) => at)
      .sort((a, b) => (lowered[a]! < lowered[b]! ? -1 : lowered[a]! > lowered[b]! ? 1 : temples[a]!.id - temples[b]!.id));
    this.#byName = Int32Array.from(byName);
    this.#names = byName.map((at) => lowered[at]!);
    const nameTokens = new Map<string, number[]>();
    const keyTokens = new Map<string, number[]>();
    temples.forEach((temple, at) => {
      addTokens(nameTokens, [...ftsTokens(temple.name)!, ...ftsTokens(temple.displayName)!], at);
      if (keys[at]) addTokens(keyTokens, ftsTokens(keys[at]!)!, at);
    });
    this.#nameTokens = new TokenIndex(nameTokens);
    this.#keyTokens = new TokenIndex(keyTokens);
    const lower = <Row extends NamedRow>(row: Row) => ({ ...row, lowered: asciiLower(row.name) });
    this.#deities = deities.map(lower).sort((a, b) => a.order - b.order || (a.name < b.name ? -1 : a.name > b.name ? 1 : a.id - b.id));
    this.#pujas = pujas.map(lower).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : a.id - b.id));
  }

  /** The index of these rows, or null when one of them holds text the index cannot be sure of. */
  static of(rows: { temples: unknown[][]; deities: unknown[][]; pujas: unknown[][] }): SuggestIndex | null {
    const temples = rows.temples.map((row) => candidateFromRow(row, 1));
    const keys = rows.temples.map((row) => row[0] as string | null);
    const deities = rows.deities.map((row) => ({ id: row[0] as number, name: row[1] as string, order: row[2] as number }));
    const pujas = rows.pujas.map((row) => ({ id: row[0] as number, name: row[1] as string }));
    const sure =
      temples.every((t) => BMP_BELOW_SURROGATES.test(t.name) && ftsTokens(t.name) && ftsTokens(t.displayName)) &&
      keys.every((text) => text === null || (ASCII.test(text) && ftsTokens(text))) &&
      [...deities, ...pujas].every((row) => BMP_BELOW_SURROGATES.test(row.name));
    return sure ? new SuggestIndex(temples, keys, deities, pujas) : null;
  }

  get size(): number {
    return this.#temples.length;
  }

  /** What `firstSuggestionRows` reads for the text, or null when the statement must be asked. */
  firstRound(term: string): FirstSuggestionRows | null {
    if (!BMP_BELOW_SURROGATES.test(term)) return null;
    const deityTerm = asciiLower(stripDeitySuffix(term) || term);
    const lowered = asciiLower(term);
    const deityRows = this.#deities
      .filter((row) => row.lowered.includes(deityTerm))
      .slice(0, 3)
      .map(({ id, name }) => ({ id, name }));
    const pujaRows = this.#pujas
      .filter((row) => row.lowered.includes(lowered))
      .slice(0, 3)
      .map(({ id, name }) => ({ id, name }));
    const groups = allWordsKeyGroups(term);
    const words = ftsPrefixWords(term);
    if (!groups && !queryWords(term).length) return { deityRows, pujaRows, firstRound: [[], []] };
    const named = words.length ? this.#nameMatches(words) : new Set<number>();
    if (!named) return null;
    const keyed = groups ? this.#keyMatches(groups) : new Set<number>();
    if (!keyed) return null;
    for (const at of keyed) named.add(at);
    const allWords = this.#mostProminent(named, ALL_WORDS_CANDIDATES);
    const starts = pastPrefix(lowered) ? this.#namesStartingWith(lowered) : [];
    return { deityRows, pujaRows, firstRound: [starts, allWords] };
  }

  /** Temples whose keys have a word starting with the folded word, most prominent first (`mostProminent` over `keyMatch`). */
  oneWord(folded: string, limit: number): TempleCandidate[] | null {
    const found = this.#keyMatches([[folded]]);
    return found && this.#mostProminent(found, limit);
  }

  #mostProminent(found: Set<number>, limit: number): TempleCandidate[] {
    return [...found]
      .sort((a, b) => this.#rank[a]! - this.#rank[b]!)
      .slice(0, limit)
      .map((at) => this.#temples[at]!);
  }

  #namesStartingWith(lowered: string): TempleCandidate[] {
    const low = firstNotBefore(this.#names, lowered);
    const found: TempleCandidate[] = [];
    for (let i = low; i < this.#names.length && found.length < NAME_START_CANDIDATES && this.#names[i]!.startsWith(lowered); i++) {
      found.push(this.#temples[this.#byName[i]!]!);
    }
    return found;
  }

  /**
   * `temple_search match '"w1"* "w2"*'`: every typed word's tokens as a phrase (its last token a
   * prefix) in the name or the display name. A word with no token is left out, as FTS5 leaves it
   * out; when every word is, nothing matches.
   */
  #nameMatches(words: string[]): Set<number> | null {
    const phrases = words.map(ftsTokens);
    if (phrases.some((tokens) => tokens === null)) return null;
    const asked = (phrases as string[][]).filter((tokens) => tokens.length);
    if (!asked.length) return new Set();
    return intersect(asked.map((phrase) => this.#phraseMatches(phrase)));
  }

  #phraseMatches(phrase: string[]): Set<number> {
    if (phrase.length === 1) return this.#nameTokens.withPrefix(phrase[0]!, new Set());
    const found = new Set<number>();
    for (const at of this.#nameTokens.exact(phrase[0]!)) {
      const temple = this.#temples[at]!;
      if ([temple.name, temple.displayName].some((text) => hasPhrase(ftsTokens(text)!, phrase))) found.add(at);
    }
    return found;
  }

  /** `temple_key_words match '("a"* "b"*) OR ("ab"*)'`: any group whose every folded word starts a key word. */
  #keyMatches(groups: string[][]): Set<number> | null {
    const found = new Set<number>();
    for (const group of groups) {
      if (!group.every((word) => ASCII.test(word) && ftsTokens(word)?.length === 1)) return null;
      for (const at of intersect(group.map((word) => this.#keyTokens.withPrefix(ftsTokens(word)![0]!, new Set())))) found.add(at);
    }
    return found;
  }
}

/** The phrase's tokens at consecutive places in a column's tokens, the last one as a prefix. */
function hasPhrase(tokens: string[], phrase: string[]): boolean {
  const last = phrase.length - 1;
  for (let start = 0; start + last < tokens.length; start++) {
    if (phrase.every((token, i) => (i === last ? tokens[start + i]!.startsWith(token) : tokens[start + i] === token))) return true;
  }
  return false;
}

/** Reads the index and the content version it is of, in one batch (one transaction: the rows are of that version). */
export async function readSuggestIndex(d1: D1Database): Promise<{ version: string; index: SuggestIndex | null }> {
  const [version, deities, pujas, temples] = (await d1.batch([
    d1.prepare("select version from content_version where id = 1"),
    d1.prepare("select id, name, display_order from deities"),
    d1.prepare("select id, name from pujas"),
    d1.prepare(`select k.keys as search_keys, ${CANDIDATE_SQL} limit ${MAX_INDEXED_TEMPLES + 1}`),
  ])) as D1Result<Record<string, unknown>>[];
  const rows = (result: D1Result<Record<string, unknown>>) => result.results.map((row) => Object.values(row));
  const at = String((version!.results[0] as { version?: number } | undefined)?.version ?? 0);
  if (temples!.results.length > MAX_INDEXED_TEMPLES) return { version: at, index: null };
  return { version: at, index: SuggestIndex.of({ temples: rows(temples!), deities: rows(deities!), pujas: rows(pujas!) }) };
}

let kept: { version: string; index: SuggestIndex | null } | null = null;
let loading = false;
let lastLoad = Number.NEGATIVE_INFINITY;

/**
 * The index of this content version, or null (the statement answers): never an index of another
 * version. When none is kept and none was read lately, the read starts in the background
 * (`waitUntil`) and this suggestion is the statement's: no devotee waits for the load (about half
 * a second of CPU at 10,000 temples), the next suggestions find the index.
 */
export function suggestIndexOf(d1: D1Database, version: string, ctx: Pick<ExecutionContext, "waitUntil">): SuggestIndex | null {
  if (kept?.version === version) return kept.index;
  const now = Date.now();
  if (loading || now - lastLoad < RELOAD_GAP_MS) return null;
  loading = true;
  lastLoad = now;
  ctx.waitUntil(
    readSuggestIndex(d1)
      .then((read) => {
        kept = read;
      })
      .catch(() => undefined)
      .finally(() => {
        loading = false;
      }),
  );
  return null;
}
