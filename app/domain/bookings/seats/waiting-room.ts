/**
 * The waiting room's rules, pure (the WaitingRoom Durable Object applies them): admission
 * metered by the clock from the opening, the order of a draw, what a devotee is shown.
 */

/** One opening's room, as the Worker describes it to the object on a devotee's first visit. */
export interface RoomConfig {
  releaseId: number;
  /** Epoch ms: when the dates open and admission starts. */
  opening: number;
  /** Epoch ms: from when devotees may wait (a draw takes registrations). */
  lobbyOpens: number;
  /** Epoch ms: after it no pass is needed (the room sends everyone on). */
  rushEnds: number;
  admitPerMinute: number;
  admission: "queue" | "draw";
  passMinutes: number;
}

/** What the room tells one devotee. */
export type RoomView =
  /** Not in this room (never joined, or the room was never opened). */
  | { state: "absent" }
  /** Before the opening: a queue's place is known; a draw's is drawn at the opening. */
  | {
      state: "lobby";
      admission: "queue" | "draw";
      place: number | null;
      registered: number;
      opening: number;
      estimateSeconds: number | null;
    }
  | { state: "waiting"; place: number; ahead: number; estimateSeconds: number }
  /** The devotee's turn: `passExpires` once the pass is issued (one per devotee, never renewed). */
  | { state: "admitted"; passExpires: number | null }
  /** The devotee's pass has run out. */
  | { state: "expired"; rushEnds: number }
  /** The rush is over: the dates are open to everyone. */
  | { state: "over" };

/**
 * How many places are admitted at `now`: none before the opening, then the first at once and
 * `admitPerMinute` more each minute. A place admitted stays admitted.
 */
export function admittedThrough(config: Pick<RoomConfig, "opening" | "admitPerMinute">, now: number): number {
  if (now < config.opening) return 0;
  return Math.floor(((now - config.opening) * config.admitPerMinute) / 60_000) + 1;
}

/** Seconds until `place` is admitted, at the metered rate (an estimate: the room says so). */
export function secondsUntilAdmitted(config: Pick<RoomConfig, "opening" | "admitPerMinute">, place: number, now: number): number {
  const at = config.opening + Math.ceil(((place - 1) * 60_000) / config.admitPerMinute);
  return Math.max(0, Math.ceil((at - now) / 1000));
}

/** A uniformly random integer in [0, n) from the platform CSPRNG, without modulo bias (rejection sampling). */
export function randomBelow(n: number): number {
  if (!Number.isInteger(n) || n < 1 || n > 2 ** 32) throw new RangeError(`randomBelow: ${n}`);
  const limit = 2 ** 32 - (2 ** 32 % n);
  const word = new Uint32Array(1);
  for (;;) {
    crypto.getRandomValues(word);
    if (word[0]! < limit) return word[0]! % n;
  }
}

/** Fisher–Yates: every order of `items` equally likely (given an unbiased `below`). Shuffles in place. */
export function shuffle<T>(items: T[], below: (n: number) => number = randomBelow): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = below(i + 1);
    [items[i], items[j]] = [items[j]!, items[i]!];
  }
  return items;
}

/**
 * How soon a waiting page asks again (seconds): every few seconds near the front, less often
 * the longer the estimated wait (a tenth of it, up to half a minute), so 2,000 devotees waiting
 * cost the room a few hundred requests a second, not thousands. `floor` is the least.
 */
export function refreshSeconds(view: RoomView, floor: number): number {
  const estimate = view.state === "lobby" || view.state === "waiting" ? (view.estimateSeconds ?? 300) : 0;
  return Math.min(30, Math.max(floor, Math.round(estimate / 10)));
}
