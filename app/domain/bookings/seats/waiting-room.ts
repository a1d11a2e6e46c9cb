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
  /**
   * Every seat the opening gives is taken for now (the booking path found none left): nobody more
   * is let in until `until` (epoch ms), when seats held for payment may have come back; the
   * devotee keeps their place.
   */
  | { state: "full"; place: number; ahead: number; until: number; estimateSeconds: number }
  /** The devotee's turn: `passExpires` once the pass is issued (one per devotee, never renewed). */
  | { state: "admitted"; passExpires: number | null }
  /** The devotee's pass has run out. */
  | { state: "expired"; rushEnds: number }
  /** The rush is over: the dates are open to everyone. */
  | { state: "over" };

/**
 * The room's admission pace: `admitted` places (fractional: progress toward the next) were
 * through at `at` (epoch ms), and `perMinute` more go in each minute from then. It starts at the
 * opening with the first place in at the set rate; the rate controller (`adaptedRate`) moves it.
 */
export interface AdmissionPace {
  at: number;
  admitted: number;
  perMinute: number;
}

export const initialPace = (config: Pick<RoomConfig, "opening" | "admitPerMinute">): AdmissionPace => ({
  at: config.opening,
  admitted: 1,
  perMinute: config.admitPerMinute,
});

/**
 * How many places are admitted at `now`: none before the opening, then the first at once and
 * the pace's rate more each minute (the set `admitPerMinute` until the room adapts it). A place admitted stays admitted.
 */
export function admittedThrough(
  config: Pick<RoomConfig, "opening" | "admitPerMinute">,
  now: number,
  pace: AdmissionPace = initialPace(config),
): number {
  if (now < config.opening) return 0;
  return Math.floor(pace.admitted + (Math.max(0, now - pace.at) * pace.perMinute) / 60_000);
}

/** Seconds until `place` is admitted, at the pace's rate (an estimate: the room says so). */
export function secondsUntilAdmitted(
  config: Pick<RoomConfig, "opening" | "admitPerMinute">,
  place: number,
  now: number,
  pace: AdmissionPace = initialPace(config),
): number {
  const at = pace.at + Math.ceil(((place - pace.admitted) * 60_000) / pace.perMinute);
  return Math.max(0, Math.ceil((at - now) / 1000));
}

/** The pace from `now` on at `perMinute`, keeping every place already through (and the progress toward the next). */
export function repace(pace: AdmissionPace, now: number, perMinute: number): AdmissionPace {
  const elapsed = Math.max(0, now - pace.at);
  return { at: Math.max(now, pace.at), admitted: pace.admitted + (elapsed * pace.perMinute) / 60_000, perMinute };
}

/**
 * The longest the room stays shut once told every seat is taken (ms): a seat may come back
 * sooner than any hold runs out (an order cancelled, a capacity raised), so it looks again.
 */
export const SEATS_GONE_RECHECK_MS = 10 * 60_000;

/**
 * Until when the room lets nobody in, told at `now` that every seat is taken and that the
 * first seat held for a payment runs out at `heldUntil` (null: none is held, all are booked):
 * then, or after SEATS_GONE_RECHECK_MS, whichever is first. Null when a held seat has already
 * run out (a seat may be free: the room goes on).
 */
export function seatsGoneUntil(now: number, heldUntil: number | null): number | null {
  if (heldUntil !== null && heldUntil <= now) return null;
  return Math.min(heldUntil ?? Number.POSITIVE_INFINITY, now + SEATS_GONE_RECHECK_MS);
}

/** How long the room watches the booking path before it adapts its rate (ms). */
export const PACE_WINDOW_MS = 10_000;
/** Admit a quarter more than the booking path served: it may speed up, and devotees who leave without a checkout are not waited for. */
const HEADROOM = 1.25;

/**
 * The admission rate for the next window (a minute's), from what the booking path served in the
 * last one (checkouts completed, reported by the Worker) against what the room admitted in it:
 * halfway from the current rate toward the served rate with headroom, never above the release's
 * set rate (the temple's choice) nor below a quarter of it (devotees who never check out must not
 * stop the room). A window that admitted nobody teaches nothing: the rate stays.
 */
export function adaptedRate(input: { configured: number; current: number; admitted: number; served: number; windowMs: number }): number {
  const { configured, current, admitted, served, windowMs } = input;
  if (admitted <= 0 || windowMs <= 0) return current;
  const servedPerMinute = (served * 60_000) / windowMs;
  const target = (current + servedPerMinute * HEADROOM) / 2;
  return Math.min(configured, Math.max(Math.max(1, Math.ceil(configured / 4)), Math.round(target)));
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

/** Whether the devotee is still in the room's hands (their page shows where they stand); else the full page takes over. */
export const stillWaiting = (view: RoomView): boolean =>
  view.state === "lobby" || view.state === "waiting" || view.state === "full" || view.state === "expired";

/**
 * How soon a waiting page asks again (seconds; the status's `retryAfter`): every few seconds near the front, less often
 * the longer the estimated wait (a tenth of it, up to half a minute), so 2,000 devotees waiting
 * cost the room a few hundred requests a second, not thousands. `floor` is the least.
 */
export function refreshSeconds(view: RoomView, floor: number): number {
  const estimate = view.state === "lobby" || view.state === "waiting" || view.state === "full" ? (view.estimateSeconds ?? 300) : 0;
  return Math.min(30, Math.max(floor, Math.round(estimate / 10)));
}
