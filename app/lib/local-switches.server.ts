/**
 * Local-only switches: settings that expose what must never be public (MAIL_MODE=local
 * shows every mailed code at /dev/outbox; CHALLENGE_MODE=local stands in for Turnstile).
 * They belong in .dev.vars and the test configs only, and even when a deployment has
 * one by mistake, a request to a host that is not loopback never sees it: for that
 * request the Worker runs as if it were unset (no outbox, mail fails closed).
 */
import { isLoopbackHost } from "./loopback";

export const LOCAL_SWITCHES = ["MAIL_MODE", "CHALLENGE_MODE"] as const;

const withoutSwitches = new WeakMap<Env, Env>();

function hasLocalSwitch(env: Env): boolean {
  return LOCAL_SWITCHES.some((name) => (env as unknown as Record<string, unknown>)[name] !== undefined);
}

/** The environment one request may see: `env` itself, or on a public host `env` without local switches. */
export function envForRequest(env: Env, requestUrl: string): Env {
  if (!hasLocalSwitch(env) || isLoopbackHost(new URL(requestUrl).hostname)) return env;
  let stripped = withoutSwitches.get(env);
  if (!stripped) {
    // One copy per isolate's env, so per-env caches (readEnv) keep working.
    stripped = { ...env };
    for (const name of LOCAL_SWITCHES) delete (stripped as unknown as Record<string, unknown>)[name];
    withoutSwitches.set(env, stripped);
  }
  return stripped;
}
