/**
 * The one answer an action gives a form it does not redirect (it failed validation, the
 * domain refused it, or it says something in place): which form on the page answered, and
 * Conform's reply. Actions send it with `replyToForm`; pages hand each form its own with
 * `replyFor`, so a page with several forms never shows one form's errors in another.
 * Works alike for a fetcher's data and for the page rendered for a post made without JavaScript.
 */
import type { SubmissionResult } from "@conform-to/react";
import { data } from "react-router";
import type { HumanCheckWidget } from "~/lib/human-check";
import type { Toast } from "~/lib/toast.server";

export interface FormReply<Form extends string = string> {
  /**
   * The form on the page that answered: its intent ("tax", "login"…), a fixed name on a page
   * with one form ("message"), or `rowForm(intent, id)` for a form repeated on each row.
   */
  form: Form;
  result: SubmissionResult<string[]>;
  /** A decision shown as a toast (the account forms). */
  toast?: Toast;
  /** A line for the form's status area, e.g. "Profile updated". */
  status?: string;
  /** The human check the form must carry when sent again (an account past its limit). */
  humanCheck?: HumanCheckWidget;
}

/** The name of a form repeated on each row of a table: its intent and the row's id ("reject-12", "tracking-7"). */
export function rowForm<Intent extends string>(intent: Intent, id: number): `${Intent}-${number}` {
  return `${intent}-${id}`;
}

interface ReplyInit {
  /** The HTTP status: 400 unless given. */
  status?: number;
  toast?: Toast;
  /** Sent as the reply's `status` line. */
  message?: string;
  headers?: HeadersInit;
  humanCheck?: HumanCheckWidget;
}

/** Answers `form` with Conform's `result`: status 400 unless `init` gives another (a number is the status). */
export function replyToForm<Form extends string>(form: Form, result: SubmissionResult<string[]>, init: number | ReplyInit = {}) {
  const { status = 400, toast, message, headers, humanCheck } = typeof init === "number" ? { status: init } : init;
  const reply: FormReply<Form> = { form, result };
  if (toast) reply.toast = toast;
  if (humanCheck) reply.humanCheck = humanCheck;
  if (message !== undefined) reply.status = message;
  return data(reply, { status, headers });
}

/** The whole reply when it answers `form` (its toast and status line too), else undefined. */
export function formReplyFor<Reply extends { form: string }>(
  reply: Reply | null | undefined,
  form: NoInfer<Reply["form"]>,
): Reply | undefined {
  return reply?.form === form ? reply : undefined;
}

/** Conform's reply (`lastResult`) for `form` when the action answered that form, else undefined. */
export function replyFor<Reply extends { form: string; result: unknown }>(
  reply: Reply | null | undefined,
  form: NoInfer<Reply["form"]>,
): Reply["result"] | undefined {
  return formReplyFor(reply, form)?.result;
}
