/**
 * The browser's share of the messages. Paraglide compiles one module per message holding all
 * six languages; a page needs only its own. In the client build, each message module keeps
 * English (the spec's words, and the fallback) and asks the loaded catalog for any other
 * language; the other languages' functions are then unused and the bundler drops them. The
 * catalog of the page's language (app/paraglide-catalogs/messages/<locale>.js, compiled by
 * Paraglide itself) is loaded once before hydration (app/entry.client.tsx). The Worker's
 * build is untouched: it renders every language.
 */
import { compile } from "@inlang/paraglide-js";
import type { Plugin } from "vite";
import { catalogOptions } from "./paraglide-options.ts";

const MESSAGE_MODULE = /\/app\/paraglide\/messages\/([a-z0-9_]+)\.js$/;
const OTHER_LANGUAGE_BRANCH = /^\tif \(locale === "([a-z]+)"\) return \1_([a-z0-9_]+)\(inputs\)\n/gm;

/** A message module as the browser gets it: English here, the other languages from the catalog. */
export function splitMessageModule(code: string, key: string): string {
  let branches = 0;
  const split = code.replace(OTHER_LANGUAGE_BRANCH, () => {
    branches += 1;
    return branches === 1 ? `\tif (locale !== "en") { const own = catalogs[locale]?.${key}; if (own) return own(inputs) }\n` : "";
  });
  if (!branches) throw new Error(`split-messages: ${key} does not look like a Paraglide message module (paraglide-js changed?)`);
  return `import { catalogs } from "../../i18n/client-catalogs";\n${split}`;
}

export function splitMessages(): Plugin {
  let compiled: Promise<unknown> | undefined;
  const compileCatalogs = () => (compiled ??= compile(catalogOptions));
  return {
    name: "sannidhi:split-messages",
    enforce: "post",
    async buildStart() {
      await compileCatalogs();
    },
    watchChange(id) {
      if (/\/app\/i18n\/messages\/.+\.json$/.test(id)) compiled = compile(catalogOptions);
    },
    transform(code, id) {
      if (this.environment?.name !== "client") return null;
      const key = MESSAGE_MODULE.exec(id.split("?")[0]!)?.[1];
      if (!key || key.startsWith("_")) return null;
      return { code: splitMessageModule(code, key), map: null };
    },
  };
}
