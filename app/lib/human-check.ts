/** What the browser and the Worker share of the human check (human-check.server.ts). */

/** The form field the token comes in: the name Turnstile's widget gives its hidden input. */
export const HUMAN_CHECK_FIELD = "cf-turnstile-response";

/** What a form shows to ask for the check. */
export type HumanCheckWidget =
  | { kind: "turnstile"; siteKey: string }
  /** The local stand-in: a box to tick, whose value is the token. */
  | { kind: "local"; token: string }
  /** No check can be asked for here (a deployment without Turnstile's keys): the attempt is refused. */
  | { kind: "unavailable" };
