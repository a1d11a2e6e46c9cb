/** Pure helpers for .dev.vars (no Node imports: the Worker tests check them too). */

/** The example's `NAME=value` lines whose NAME the current file does not mention (set or commented out). */
export function missingDevVars(example: string, current: string): string[] {
  const mentioned = new Set([...current.matchAll(/^\s*#?\s*([A-Z][A-Z0-9_]*)\s*=/gm)].map((m) => m[1]));
  return example
    .split("\n")
    .filter((line) => /^[A-Z][A-Z0-9_]*=/.test(line))
    .filter((line) => line.split("=")[0] !== "SESSION_SECRET" && !mentioned.has(line.split("=")[0]!));
}
