/**
 * `npm run i18n`: compile the messages (app/i18n/messages) as the build does: per message, and
 * per language for the browser. `npm run i18n -- --check` also lists what is missing or wrong
 * in the translations (the same checks as tests/i18n/i18n-messages.source.test.ts and
 * i18n-glossary.test.ts: a counted message that is not a `_one`/`_other` pair, a synonym the glossary lists, a label quoted otherwise than it reads)
 * and fails on any.
 */
import { compile } from "@inlang/paraglide-js";
import { readdirSync, readFileSync } from "node:fs";
import { catalogsOf, checkGlossary, checkLabels, type Glossary } from "../app/i18n/check-glossary.ts";
import { checkMessages, type MessageFiles } from "../app/i18n/check-messages.ts";
import { checkPlurals, type PluralRules } from "../app/i18n/check-plurals.ts";
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
    for (const file of readdirSync(`${root}/${locale}`))
      files[`${root}/${locale}/${file}`] = JSON.parse(readFileSync(`${root}/${locale}/${file}`, "utf8"));
  }
  const glossary = JSON.parse(readFileSync("app/i18n/glossary.json", "utf8")) as Glossary;
  const catalogs = catalogsOf(files);
  const plurals = JSON.parse(readFileSync("app/i18n/plurals.json", "utf8")) as PluralRules;
  const problems = [
    ...checkMessages(files, locales),
    ...checkPlurals(catalogs.en ?? {}, plurals),
    ...checkGlossary(catalogs, glossary),
    ...checkLabels(catalogs, glossary),
  ];
  for (const problem of problems) console.error(problem);
  if (problems.length) process.exit(1);
}
// Paraglide's compiler leaves a handle open (its project store) that keeps Node alive for
// about 30 s after the work is done; nothing is pending, so leave now.
process.exit(0);
