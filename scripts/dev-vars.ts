/** Pure helpers for .dev.vars (no Node imports: the Worker tests check them too). */

/**
 * A provider's settings go together (Razorpay's, WhatsApp's, MSG91's): a .dev.vars that sets
 * none of them gets all of the example's (the local emulator's keys and address), even if it
 * still has an older example's commented-out placeholders; one that sets any (a developer's
 * own test keys) is left alone.
 */
const PROVIDERS = [/^RAZORPAY_/, /^WHATSAPP_/, /^MSG91_/];

/** The example's `NAME=value` lines whose NAME the current file does not mention (set or commented out). */
export function missingDevVars(example: string, current: string): string[] {
  const mentioned = new Set([...current.matchAll(/^\s*#?\s*([A-Z][A-Z0-9_]*)\s*=/gm)].map((m) => m[1]));
  const set = [...current.matchAll(/^\s*([A-Z][A-Z0-9_]*)\s*=/gm)].map((m) => m[1]!);
  const ownProviders = PROVIDERS.filter((provider) => set.some((name) => provider.test(name)));
  return example
    .split("\n")
    .filter((line) => /^[A-Z][A-Z0-9_]*=/.test(line))
    .filter((line) => {
      const name = line.split("=")[0]!;
      if (name === "SESSION_SECRET") return false;
      const provider = PROVIDERS.find((prefix) => prefix.test(name));
      if (provider) return !ownProviders.includes(provider);
      return !mentioned.has(name);
    });
}

/**
 * A .dev.vars keeps the MSG91_TEMPLATES line of the example it was made from; when the example's
 * kinds change (kinds added, or the names before the phone channels were wired in, booking_confirmed, …),
 * a line that is still an example's own (every template id `local_…`) gets the current example's.
 * Answers the file to write, or null when nothing is outdated (a developer's own templates are left alone).
 */
export function upgradedDevVars(example: string, current: string): string | null {
  const line = /^MSG91_TEMPLATES=(.*)$/m;
  const fresh = line.exec(example);
  const kept = line.exec(current);
  if (!fresh || !kept) return null;
  const kinds = (json: string) => {
    try {
      const value = JSON.parse(json) as Record<string, unknown>;
      return Object.values(value).every((id) => typeof id === "string" && id.startsWith("local_")) ? Object.keys(value).sort() : null;
    } catch {
      return null;
    }
  };
  const keptKinds = kinds(kept[1]!);
  if (!keptKinds || keptKinds.join() === kinds(fresh[1]!)?.join()) return null;
  return current.replace(line, fresh[0]);
}
