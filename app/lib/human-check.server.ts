/**
 * A check that a person, not a script, is asking: what an account asks for once strangers'
 * attempts have passed its limit (rate-limit.server.ts), instead of locking its owner out.
 *
 * In a deployment it is Cloudflare Turnstile: the form shows Turnstile's widget (site key
 * TURNSTILE_SITE_KEY), which puts its token in the `cf-turnstile-response` field, and the
 * Worker asks Turnstile's Siteverify API whether the token was passed (secret key
 * TURNSTILE_SECRET_KEY; a token is good once, for five minutes). Locally, where Turnstile
 * cannot be reached, the local switch CHALLENGE_MODE=local (on a loopback host only, like
 * every local switch) puts a stand-in in its place: a box the person ticks, carrying a
 * token this Worker signed, good once for five minutes. `npm start` and the tests use it;
 * `npm run deploy` refuses the switch and requires the Turnstile keys.
 */
import { sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { rateLimits } from "~/db/schema";
import { hmacSha256, randomBytes, timingSafeEqualText, toHex } from "./crypto.server";
import type { AppConfig } from "./env.server";
import type { HumanCheckWidget } from "./human-check";

export { HUMAN_CHECK_FIELD, type HumanCheckWidget } from "./human-check";

export const SITEVERIFY_URL = "https://challenges.cloudflare.com/turnstile/v0/siteverify";
/** Turnstile's tokens are at most 2,048 characters; anything longer is not one. */
const MAX_TOKEN_LENGTH = 2048;
const TOKEN_SECONDS = 300;

export interface HumanCheck {
  widget(): Promise<HumanCheckWidget>;
  /** Whether `token` shows a person passed the check just now; a token counts once. */
  verify(token: unknown, ip: string): Promise<boolean>;
}

type HumanCheckConfig = Pick<AppConfig, "SESSION_SECRET" | "CHALLENGE_MODE" | "TURNSTILE_SITE_KEY" | "TURNSTILE_SECRET_KEY">;

/** The check a request may use: Turnstile when its keys are set, else the local stand-in when the switch is on. */
export function humanCheckFor(config: HumanCheckConfig, db: Database, send: typeof fetch = fetch): HumanCheck {
  if (config.TURNSTILE_SITE_KEY && config.TURNSTILE_SECRET_KEY)
    return turnstile(config.TURNSTILE_SITE_KEY, config.TURNSTILE_SECRET_KEY, send);
  if (config.CHALLENGE_MODE === "local") return localStandIn(config.SESSION_SECRET, db);
  return {
    widget: async () => {
      console.error(
        "No human check is configured: set TURNSTILE_SITE_KEY and TURNSTILE_SECRET_KEY. Attempts past an account's limit are refused.",
      );
      return { kind: "unavailable" };
    },
    verify: async () => false,
  };
}

function turnstile(siteKey: string, secret: string, send: typeof fetch): HumanCheck {
  return {
    widget: async () => ({ kind: "turnstile", siteKey }),
    async verify(token, ip) {
      if (typeof token !== "string" || !token || token.length > MAX_TOKEN_LENGTH) return false;
      try {
        const body = new URLSearchParams({ secret, response: token, idempotency_key: crypto.randomUUID() });
        if (ip !== "unknown") body.set("remoteip", ip);
        const response = await send(SITEVERIFY_URL, { method: "POST", body, signal: AbortSignal.timeout(5000) });
        if (!response.ok) {
          console.error(`Turnstile's Siteverify answered ${response.status}`);
          return false;
        }
        const result = (await response.json()) as { success?: unknown };
        return result.success === true;
      } catch (error) {
        console.error("Turnstile's Siteverify could not be reached", error instanceof Error ? error.name : "");
        return false;
      }
    },
  };
}

function localStandIn(secret: string, db: Database): HumanCheck {
  const mac = (issued: string, nonce: string) => hmacSha256(secret, `human-check:${issued}:${nonce}`);
  return {
    async widget() {
      const issued = Date.now().toString(36);
      const nonce = toHex(randomBytes(12));
      return { kind: "local", token: `local.${issued}.${nonce}.${await mac(issued, nonce)}` };
    },
    async verify(token) {
      if (typeof token !== "string" || token.length > MAX_TOKEN_LENGTH) return false;
      const [kind, issued = "", nonce = "", signature = ""] = token.split(".");
      if (kind !== "local" || !/^[0-9a-z]{1,12}$/.test(issued) || !/^[0-9a-f]{24}$/.test(nonce)) return false;
      if (!timingSafeEqualText(await mac(issued, nonce), signature)) return false;
      const issuedAt = parseInt(issued, 36);
      if (Date.now() - issuedAt > TOKEN_SECONDS * 1000) return false;
      // Good once, like Turnstile's: the first use is recorded until the token would have expired.
      const [used] = await db
        .insert(rateLimits)
        .values({ key: `human-check:${nonce}`, windowStart: issuedAt, count: 1, expiresAt: issuedAt + TOKEN_SECONDS * 1000 })
        .onConflictDoUpdate({ target: rateLimits.key, set: { count: sql`${rateLimits.count} + 1` } })
        .returning({ count: rateLimits.count });
      return used?.count === 1;
    },
  };
}
