/** Pure helpers for .dev.vars (no Node imports: the Worker tests check them too). */

/**
 * The Razorpay settings go together: a .dev.vars that sets none of them gets all of the
 * example's (the local emulator's keys and address), even if it still has the older
 * example's commented-out placeholders; one that sets any (a developer's own Razorpay test
 * keys) is left alone.
 */
const RAZORPAY = /^RAZORPAY_/;

/** The example's `NAME=value` lines whose NAME the current file does not mention (set or commented out). */
export function missingDevVars(example: string, current: string): string[] {
  const mentioned = new Set([...current.matchAll(/^\s*#?\s*([A-Z][A-Z0-9_]*)\s*=/gm)].map((m) => m[1]));
  const set = [...current.matchAll(/^\s*([A-Z][A-Z0-9_]*)\s*=/gm)].map((m) => m[1]!);
  const ownRazorpay = set.some((name) => RAZORPAY.test(name));
  return example
    .split("\n")
    .filter((line) => /^[A-Z][A-Z0-9_]*=/.test(line))
    .filter((line) => {
      const name = line.split("=")[0]!;
      if (name === "SESSION_SECRET") return false;
      if (RAZORPAY.test(name)) return !ownRazorpay;
      return !mentioned.has(name);
    });
}
