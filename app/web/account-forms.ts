/** The account forms' names, shared by the /login action (app/web) and the forms that show its reply. */
import type { FormReply } from "./form-reply";

/** The account forms the /login action answers, by the `intent` they post. */
export type AccountFormName = "login" | "register" | "verify" | "forgot" | "reset" | "phone" | "phone-code" | "phone-account";

/** What the account actions return when they do not redirect. */
export type AccountActionData = FormReply<AccountFormName>;
