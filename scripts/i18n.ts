/** `npm run i18n`: compile the messages (app/i18n/messages) as the build does: per message, and per language for the browser. */
import { compile } from "@inlang/paraglide-js";
import { catalogOptions, paraglideOptions } from "../app/i18n/paraglide-options.ts";

await compile(paraglideOptions);
await compile(catalogOptions);
