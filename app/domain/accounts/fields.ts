/**
 * What the account forms show beside their fields, without the schemas (and zod): the
 * header's forms are on every page. `inputs.ts` re-exports them with the rules.
 */
import { m } from "~/paraglide/messages";

/** The spec's input hint asks for 8 while the rule accepts 6. */
export const passwordHint = () => m.account_password_hint();
export const PHONE_PREFIX = "+91";
