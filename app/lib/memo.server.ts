/**
 * One way to remember a value in this isolate (the model is epic-stack's `cachified({ key, ttl })`,
 * kept tiny): a `Memo` holds answers by key for `ttlMs` (Infinity: for the isolate's life), at
 * most `max` of them, the oldest out first. Each use says, beside its `ttlMs`, why its window
 * is safe: an isolate lives for many requests, so whatever it remembers, every request it
 * serves within that window sees.
 *
 * - A load in flight is shared: a rush of requests for the same key waits for one load
 *   (`share: false` keeps that for settled answers only, so a request never awaits I/O another
 *   request started).
 * - A load that fails is forgotten at once: the next request loads again.
 */
interface Entry<T> {
  value: Promise<T>;
  until: number;
}

export interface MemoOptions {
  /** How many keys are kept; past it the oldest goes first. */
  max?: number;
  /** Whether a request may wait for another's load in flight (default true). */
  share?: boolean;
}

export class Memo<T> {
  readonly #entries = new Map<string, Entry<T>>();
  readonly #max: number;
  readonly #share: boolean;

  constructor({ max = 1000, share = true }: MemoOptions = {}) {
    this.#max = max;
    this.#share = share;
  }

  /** The answer kept under `key` while younger than `ttlMs`, else `load`'s (kept from now). */
  get({ key, ttlMs }: { key: string; ttlMs: number }, load: () => Promise<T>, now = Date.now()): Promise<T> {
    const kept = this.#entries.get(key);
    if (kept && kept.until > now) return kept.value;
    const value = load();
    const entry = { value, until: now + ttlMs };
    if (this.#share) this.#keep(key, entry);
    value.then(
      () => {
        if (!this.#share) this.#keep(key, entry);
      },
      () => {
        if (this.#entries.get(key) === entry) this.#entries.delete(key);
      },
    );
    return value;
  }

  /** Forgets `key`, or every key. */
  forget(key?: string): void {
    if (key === undefined) this.#entries.clear();
    else this.#entries.delete(key);
  }

  /** How many keys are kept (for tests). */
  get size(): number {
    return this.#entries.size;
  }

  #keep(key: string, entry: Entry<T>) {
    this.#entries.delete(key);
    if (this.#entries.size >= this.#max) {
      const now = Date.now();
      for (const [old, kept] of this.#entries) if (kept.until <= now) this.#entries.delete(old);
      if (this.#entries.size >= this.#max) this.#entries.delete(this.#entries.keys().next().value!);
    }
    this.#entries.set(key, entry);
  }
}
