/**
 * Relevance: which of the temples a search found is the one the devotee means. Pure (the
 * server fetches the candidates, docs/search-and-pdfs.md says how); shared by the home
 * autocomplete and the temples page, so both order a typed text the same way.
 *
 * A temple's score, highest first:
 * 1. every typed word matched beats only some (generic words such as "temple", "sri",
 *    "मंदिर" count only when nothing else was typed);
 * 2. how each word matched: whole word as typed > start of a word > the same word in another
 *    spelling or script (folded) > a misspelling (within one or two slips); and where: the
 *    temple's name > its display name > another name devotees use (alias) > its district,
 *    state or deity. A place typed alone ("tirupati") counts its district as its name;
 * 3. prominence (0..1000: major pilgrimage weight and what devotees book and keep) orders
 *    matches of similar quality: it can outweigh where a word matched, or one step of how,
 *    never a word left unmatched.
 */
import { editDistance, foldedWords, placeOtherNames, slipsAllowed } from "./search-keys";

export type RankCandidate = {
  id: number;
  name: string;
  displayName: string;
  district: string;
  state: string;
  /** Approved other names, one a line. */
  aliases: string;
  /** Deity names, one a line. */
  deities: string;
  /** 0..1000 */
  prominence: number;
};

type Kind = "exact" | "prefix" | "folded" | "foldedPrefix" | "fuzzy";
type Field = "name" | "display" | "alias" | "place" | "deity";

/** How a word matched, worth most to least; a step apart is more than any field's difference. */
export const KIND_SCORE: Record<Kind, number> = { exact: 1, prefix: 0.8, folded: 0.72, foldedPrefix: 0.55, fuzzy: 0.3 };
/** Where it matched: added to the kind's score. */
export const FIELD_SCORE: Record<Field, number> = { name: 0.12, display: 0.09, alias: 0.06, place: 0.03, deity: 0.03 };
/** Every typed word matched: more than any text score and any prominence. */
const ALL_MATCHED = 2;
/** Prominence 1000 adds this much. */
export const PROMINENCE_SCORE = 0.3;
/** The whole text is the temple's name, display name or another name of it: more than any prominence. */
const WHOLE_NAME = 0.4;
/** Each generic word matched adds a little (the words people add to a name: "temple", "sri"). */
const GENERIC_SCORE = 0.02;

/** Words that name no temple on their own, in the six languages (compared folded). */
const GENERIC_WORDS = new Set(
  [
    "temple temples mandir mandira mandiram kovil koil kovilu thirukoil thirukkovil kshetram kshethram kshetra kshethra",
    "devasthanam devasthan devasthana devalaya devalayam alayam gudi dham sannidhi",
    "sri shri sree shree arulmigu thiru tiru swamy swami ji the of at in and",
    "मंदिर मन्दिर श्री देवालय धाम कोविल கோவில் கோயில் ஆலயம் ஸ்ரீ அருள்மிகு திருக்கோவில்",
    "ക്ഷേത്രം ശ്രീ ദേവസ്വം ఆలయం దేవాలయం శ్రీ గుడి ದೇವಸ್ಥಾನ ದೇವಾಲಯ ಶ್ರೀ ಗುಡಿ",
  ].flatMap((line) => line.split(" ").flatMap((word) => foldedWords(word).join(""))),
);

/** Text as words in lower case as typed (any script), for whole-word and prefix comparisons. */
export function rawWords(text: string): string[] {
  return text
    .normalize("NFC")
    .toLowerCase()
    .split(/[^\p{L}\p{M}\p{N}]+/u)
    .filter(Boolean);
}

type QueryWord = { raw: string; folded: string; generic: boolean };

export function queryWords(text: string): QueryWord[] {
  const words = rawWords(text)
    .slice(0, 8)
    .map((raw) => ({ raw, folded: foldedWords(raw).join("") }))
    .filter((word) => word.folded || word.raw);
  const generic = (word: { folded: string }) => GENERIC_WORDS.has(word.folded);
  // Only generic words typed ("temple"): they are the search.
  const allGeneric = words.every(generic);
  return words.map((word) => ({ ...word, generic: !allGeneric && generic(word) }));
}

/** One field's words as typed and folded, with neighbours joined ("siddhi vinayak" / "siddhivinayak"). */
type FieldWords = { field: Field; raw: string[]; folded: string[]; whole: string; rawSet: Set<string>; foldedSet: Set<string> };

/**
 * Field words by field and text, kept per isolate: the same temples are candidates again and
 * again, and folding their names is most of a ranking's work. Pure (the key is the text), so
 * a renamed temple simply gets new entries; cleared when it grows past its bound.
 */
const FIELD_MEMO = new Map<string, FieldWords>();
const FIELD_MEMO_MAX = 20_000;

function fieldWords(field: Field, text: string, extraFolded?: (word: string) => readonly string[]): FieldWords {
  const key = `${field}\u0000${text}`;
  const known = FIELD_MEMO.get(key);
  if (known) return known;
  const raw = rawWords(text);
  const folded = raw.map((word) => foldedWords(word).join("")).filter(Boolean);
  const pairs = (list: string[]) => list.slice(1).map((word, i) => list[i]! + word);
  const rawForms = [...raw, ...pairs(raw)];
  const foldedForms = [...folded, ...pairs(folded), ...(extraFolded ? folded.flatMap(extraFolded) : [])];
  const words: FieldWords = {
    field,
    raw: rawForms,
    folded: foldedForms,
    whole: raw.join(" "),
    // Whole-word look-ups by set: each candidate's fields are asked once per typed word and pair.
    rawSet: new Set(rawForms),
    foldedSet: new Set(foldedForms),
  };
  if (FIELD_MEMO.size >= FIELD_MEMO_MAX) FIELD_MEMO.clear();
  FIELD_MEMO.set(key, words);
  return words;
}

/**
 * A candidate's fields, kept per candidate row while the row lives: the isolate's index of names
 * (suggest-index.server.ts) hands the same rows to every suggestion, and a row is never changed
 * (a renamed temple is a new row of a new index).
 */
const CANDIDATE_FIELDS = new WeakMap<RankCandidate, FieldWords[]>();

function candidateFields(candidate: RankCandidate): FieldWords[] {
  let fields = CANDIDATE_FIELDS.get(candidate);
  if (!fields) {
    fields = readFields(candidate);
    CANDIDATE_FIELDS.set(candidate, fields);
  }
  return fields;
}

function readFields(candidate: RankCandidate): FieldWords[] {
  const lines = (text: string) => text.split("\n").filter(Boolean);
  return [
    fieldWords("name", candidate.name),
    fieldWords("display", candidate.displayName),
    ...lines(candidate.aliases).map((alias) => fieldWords("alias", alias)),
    // A place's other names are its own names (Kashi, Benares for Varanasi).
    fieldWords("place", candidate.district, placeOtherNames),
    fieldWords("place", candidate.state),
    ...lines(candidate.deities).map((deity) => fieldWords("deity", deity)),
  ];
}

/** How well one typed form (a word, or two typed words joined) matches a field as typed or folded, or null. */
function matchKind(raw: string, folded: string, field: FieldWords): Kind | null {
  if (field.rawSet.has(raw)) return "exact";
  if (raw.length >= 2 && field.raw.some((word) => word.startsWith(raw))) return "prefix";
  if (!folded) return null;
  if (field.foldedSet.has(folded)) return "folded";
  if (field.folded.some((word) => word.startsWith(folded))) return "foldedPrefix";
  return null;
}

/** Whether a folded word is a field's word (or its start) but for a slip or two. */
function forgiven(folded: string, field: FieldWords): boolean {
  const slips = slipsAllowed(folded);
  return (
    slips > 0 &&
    field.folded.some(
      (word) => editDistance(folded, word, slips) <= slips || editDistance(folded, word.slice(0, folded.length), slips) <= slips,
    )
  );
}

type WordMatch = { score: number; field: Field };

/**
 * The best match of each typed word (null when it matched nothing), two neighbours typed apart
 * counting as one word; misspellings are looked for only for a word nothing else matched.
 */
function bestMatches(words: QueryWord[], fields: FieldWords[]): (WordMatch | null)[] {
  const best: (WordMatch | null)[] = words.map(() => null);
  const offer = (index: number, kind: Kind, field: Field) => {
    const score = KIND_SCORE[kind] + FIELD_SCORE[field];
    if (!best[index] || best[index]!.score < score) best[index] = { score, field };
  };
  for (const field of fields) {
    words.forEach((word, i) => {
      const kind = matchKind(word.raw, word.folded, field);
      if (kind) offer(i, kind, field.field);
      const next = words[i + 1];
      if (next) {
        // "padmanabha swamy" is the name's "Padmanabhaswamy".
        const joined = matchKind(word.raw + next.raw, word.folded + next.folded, field);
        if (joined) {
          offer(i, joined, field.field);
          offer(i + 1, joined, field.field);
        }
      }
    });
  }
  words.forEach((word, i) => {
    if (best[i] || !word.folded) return;
    const field = fields.find((candidate) => forgiven(word.folded, candidate));
    if (field) offer(i, "fuzzy", field.field);
  });
  return best;
}

/** A candidate's score for the typed words (see the module's comment). */
export function relevance(words: QueryWord[], candidate: RankCandidate): number {
  const fields = candidateFields(candidate);
  const matches = bestMatches(words, fields);
  const counted = words.map((word, i) => ({ word, match: matches[i]! })).filter(({ word }) => !word.generic);
  const matched = counted.filter(({ match }) => match);
  // A place typed alone: its temples all match it as well as one named after it does.
  const placeAlone = matched.length === counted.length && counted.every(({ match }) => match?.field === "place");
  const text = counted.reduce(
    (sum, { match }) => sum + (match ? match.score + (placeAlone ? FIELD_SCORE.name - FIELD_SCORE.place : 0) : 0),
    0,
  );
  const generic = words.filter((word, i) => word.generic && matches[i]).length;
  const coverage = matched.length === counted.length ? ALL_MATCHED : matched.length / Math.max(counted.length, 1);
  const wholeName = isWholeName(words, fields) ? WHOLE_NAME : 0;
  return (
    coverage + text / Math.max(counted.length, 1) + wholeName + GENERIC_SCORE * generic + (PROMINENCE_SCORE * candidate.prominence) / 1000
  );
}

/** The typed words are all the words of the temple's name, display name or one of its other names (as typed, any punctuation). */
function isWholeName(words: QueryWord[], fields: FieldWords[]): boolean {
  const typed = words.map((word) => word.raw).join(" ");
  return fields.some((field) => (field.field === "name" || field.field === "display" || field.field === "alias") && field.whole === typed);
}

/**
 * Names compared as `localeCompare(other, "en", { sensitivity: "base" })` compares them, through one
 * collator: localeCompare with options builds a collator per call (1.3 ms of a suggestion's 15 ms
 * of CPU in the profile, docs/benchmarks.md).
 */
const NAME_ORDER = new Intl.Collator("en", { sensitivity: "base" });

/** The candidates in the order a devotee means them: score, then name, then id. */
export function rankCandidates<Candidate extends RankCandidate>(text: string, candidates: readonly Candidate[]): Candidate[] {
  const words = queryWords(text);
  if (!words.length) return [...candidates];
  const scored = candidates.map((candidate) => ({ candidate, score: relevance(words, candidate) }));
  scored.sort((a, b) => b.score - a.score || NAME_ORDER.compare(a.candidate.name, b.candidate.name) || a.candidate.id - b.candidate.id);
  return scored.map(({ candidate }) => candidate);
}
