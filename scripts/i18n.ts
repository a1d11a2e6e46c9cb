/** `npm run i18n`: compile the messages (app/i18n/messages) into app/paraglide, as the build does. */
import { compile } from "@inlang/paraglide-js";
import { paraglideOptions } from "../app/i18n/paraglide-options.ts";

await compile(paraglideOptions);
