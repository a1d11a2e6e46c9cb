/**
 * Moving a booked puja to another date: the devotee's ask (My Transactions), its withdrawal,
 * and the desk's answer. One zod schema per form, shared by the Conform forms and the
 * actions, with the messages both sides see. No server imports here.
 */
import { z } from "zod";
import { futureDate } from "../cart/inputs";
import { m } from "~/paraglide/messages";
import { optionalCharacters, requiredCharacters, wholeNumber } from "~/domain/text-fields";

/** What a date change says, in the request's (or page's) language: read when shown, never at import. */
export const DATE_CHANGE_MESSAGES = {
  get lineMissing() {
    return m.bookings_move_err_line();
  },
  get tooLate() {
    return m.bookings_move_err_too_late();
  },
  get alreadyAsked() {
    return m.bookings_move_err_already_asked();
  },
  get sameDate() {
    return m.bookings_move_err_same_date();
  },
  dayFull: (date: string) => m.bookings_move_err_day_full({ date }),
  get devoteeLimit() {
    return m.bookings_move_err_devotee_limit();
  },
  get deskDayFull() {
    return m.desk_msg_move_day_full();
  },
  get deskDevoteeLimit() {
    return m.desk_msg_move_devotee_limit();
  },
  get noteTooLong() {
    return m.bookings_move_err_note_too_long();
  },
  asked: (templeName: string) => m.bookings_move_asked_toast({ templeName }),
  get withdrawn() {
    return m.bookings_move_withdrawn_toast();
  },
  get notOpen() {
    return m.bookings_move_err_not_open();
  },
  moved: (devotee: string, date: string) => m.desk_msg_move_done({ devotee, date }),
  declined: (devotee: string) => m.desk_msg_move_declined({ devotee }),
  get reason() {
    return m.desk_msg_reason();
  },
};

const M = DATE_CHANGE_MESSAGES;
/** A form's hidden id: plain digits, or the form is not one of ours. */
const rowId = wholeNumber(undefined, 1, Number.MAX_SAFE_INTEGER);

/** A devotee asks to move one booked line: the new date and a note for the temple. */
export const askMoveSchema = z.object({
  intent: z.literal("move-date"),
  lineId: rowId,
  pujaDate: futureDate,
  note: optionalCharacters(300, () => M.noteTooLong),
});
export type AskMove = z.infer<typeof askMoveSchema>;

export const withdrawMoveSchema = z.object({ intent: z.literal("withdraw-move"), changeId: rowId });

/** The desk moves the date as asked, or declines with a reason the devotee reads. */
export const acceptMoveSchema = z.object({ intent: z.literal("move-accept"), changeId: rowId });
export const declineMoveSchema = z.object({
  intent: z.literal("move-decline"),
  changeId: rowId,
  reason: requiredCharacters(() => M.reason, 300, 5),
});
export const moveDecisionSchema = z.discriminatedUnion("intent", [acceptMoveSchema, declineMoveSchema]);
export type MoveDecision = z.infer<typeof moveDecisionSchema>;
