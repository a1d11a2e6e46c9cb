/**
 * What every emulator's command line reads: `--name value` options, and settings from the
 * environment, else from .dev.vars (the same values the Worker reads locally).
 */
import { existsSync, readFileSync } from "node:fs";

export function option(name: string, fallback?: string): string | undefined {
  const index = process.argv.indexOf(`--${name}`);
  return index >= 0 ? process.argv[index + 1] : fallback;
}

function devVars(): Record<string, string> {
  if (!existsSync(".dev.vars")) return {};
  return Object.fromEntries(
    [...readFileSync(".dev.vars", "utf8").matchAll(/^\s*([A-Z][A-Z0-9_]*)\s*=\s*(.*?)\s*$/gm)].map((m) => [
      m[1]!,
      m[2]!.replace(/^"(.*)"$/, "$1"),
    ]),
  );
}

const vars = devVars();

/** A setting: the environment's value, else .dev.vars'. */
export const setting = (name: string): string | undefined => process.env[name] || vars[name];
