/**
 * Deterministic pseudo-random numbers for the seed (mulberry32). Each part of the
 * generator takes its own stream from `rngFor(label)` so that adding rows to one
 * table does not reshuffle the others.
 */
export const SEED = 0x5a_77_1d_01;

export type Rng = {
  /** Float in [0, 1). */
  next(): number;
  /** Integer in [min, max], both ends included. */
  int(min: number, max: number): number;
  /** True with probability p. */
  chance(p: number): boolean;
  pick<T>(items: readonly T[]): T;
  /** Pick by weight: pairs of [item, weight]. */
  weighted<T>(items: readonly (readonly [T, number])[]): T;
  shuffle<T>(items: readonly T[]): T[];
  /** n distinct items (fewer if the list is shorter). */
  sample<T>(items: readonly T[], n: number): T[];
  digits(n: number): string;
  letters(n: number): string;
};

export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** FNV-1a hash of a label, mixed into the base seed. */
function hashLabel(label: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < label.length; i++) {
    h ^= label.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h;
}

export function makeRng(seed: number): Rng {
  const next = mulberry32(seed);
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const rng: Rng = {
    next,
    int,
    chance: (p) => next() < p,
    pick: (items) => {
      if (items.length === 0) throw new Error("pick from an empty list");
      return items[Math.floor(next() * items.length)]!;
    },
    weighted: (items) => {
      const total = items.reduce((sum, [, w]) => sum + w, 0);
      let r = next() * total;
      for (const [item, w] of items) {
        r -= w;
        if (r < 0) return item;
      }
      return items[items.length - 1]![0];
    },
    shuffle: (items) => {
      const out = items.slice();
      for (let i = out.length - 1; i > 0; i--) {
        const j = Math.floor(next() * (i + 1));
        [out[i], out[j]] = [out[j]!, out[i]!];
      }
      return out;
    },
    sample: (items, n) => rng.shuffle(items).slice(0, Math.max(0, n)),
    digits: (n) => {
      let s = "";
      for (let i = 0; i < n; i++) s += String(int(0, 9));
      return s;
    },
    letters: (n) => {
      let s = "";
      for (let i = 0; i < n; i++) s += String.fromCharCode(65 + int(0, 25));
      return s;
    },
  };
  return rng;
}

export function rngFor(label: string): Rng {
  return makeRng((SEED ^ hashLabel(label)) >>> 0);
}
