/** The account forms' reply shape, shared by the /login action (app/web) and the forms that show it. */
import type { SubmissionResult } from "@conform-to/react";
import type { Toast } from "~/lib/toast.server";

/** The account forms the /login action answers, by the `intent` they post. */
export type AccountFormName = "login" | "register" | "verify" | "forgot" | "reset";

/** What the account actions return when they do not redirect. */
export interface AccountActionData {
  form: AccountFormName;
  result: SubmissionResult<string[]>;
  toast?: Toast;
  status?: string;
}
