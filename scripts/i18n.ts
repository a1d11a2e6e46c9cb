/**
 * `npm run i18n`: compile the messages (app/i18n/messages) as the build does: per message, and
 * per language for the browser. `npm run i18n -- --check` also lists what is missing or wrong
 * in the translations (the same check as tests/source/i18n-messages.test.ts) and fails on any.
 */
import { compile } from "@inlang/paraglide-js";
import { readdirSync, readFileSync } from "node:fs";
import { checkMessages, type MessageFiles } from "../app/i18n/check-messages.ts";
import { catalogOptions, paraglideOptions } from "../app/i18n/paraglide-options.ts";
import { writeCatalogTiers } from "../app/i18n/split-messages.ts";

await compile(paraglideOptions);
await compile(catalogOptions);
writeCatalogTiers();

if (process.argv.includes("--check")) {
  const root = "app/i18n/messages";
  const files: MessageFiles = {};
  const locales = readdirSync(root);
  for (const locale of locales) {
    for (const file of readdirSync(`${root}/${locale}`)) files[`${root}/${locale}/${file}`] = JSON.parse(readFileSync(`${root}/${locale}/${file}`, "utf8"));
  }
  const problems = checkMessages(files, locales);
  for (const problem of problems) console.error(problem);
  if (problems.length) process.exit(1);
}
