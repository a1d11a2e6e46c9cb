/**
 * Temple desk inputs: one zod schema per form, shared by the Conform forms and the
 * actions, with the messages staff see. No server imports here.
 */
import { z } from "zod";
import { futureDate, isValidDay } from "../cart/inputs";
import { todayInIndia } from "~/lib/india-time";
import { plural } from "~/lib/i18n";
import { m } from "~/paraglide/messages";
import { withinCharacters } from "~/domain/text-fields";

/** What the desk says to staff, in the request's (or page's) language: read when shown, never at import. */
export const DESK_MESSAGES = {
  // The mail goes to the account that booked, which may be someone other than the devotee named.
  accepted: (devotee: string) => m.desk_msg_accepted({ devotee }),
  rejected: (devotee: string) => m.desk_msg_rejected({ devotee }),
  proposed: (devotee: string, date: string) => m.desk_msg_proposed({ devotee, date }),
  dayFull: (left: number, capacity: number, asked: number) =>
    plural(left, m.desk_msg_day_full_one, m.desk_msg_day_full_other)({ left, capacity, asked }),
  devoteeLimit: (max: number) => m.desk_msg_devotee_limit({ max }),
  get notPending() {
    return m.desk_msg_not_pending();
  },
  get reason() {
    return m.desk_msg_reason();
  },
  get reasonTooLong() {
    return m.desk_msg_reason_too_long();
  },
  get noteTooLong() {
    return m.desk_msg_note_too_long();
  },
  get sameDate() {
    return m.desk_msg_same_date();
  },
  get done() {
    return m.desk_msg_done();
  },
  get alreadyDone() {
    return m.desk_msg_already_done();
  },
  get lineMissing() {
    return m.desk_msg_line_missing();
  },
  get trackingNo() {
    return m.desk_msg_tracking_no();
  },
  trackingSaved: (devotee: string) => m.desk_msg_tracking_saved({ devotee }),
  get notPostal() {
    return m.desk_msg_not_postal();
  },
  get videoSaved() {
    return m.desk_msg_video_saved();
  },
  get videoType() {
    return m.desk_msg_video_type();
  },
  get videoTooLarge() {
    return m.desk_msg_video_too_large();
  },
  get videoFailed() {
    return m.desk_msg_video_failed();
  },
  get videoContent() {
    return m.desk_msg_video_content();
  },
  get videoBusy() {
    return m.desk_msg_video_busy();
  },
  get videoTooBig() {
    return m.desk_msg_video_too_big();
  },
  get emailFailed() {
    return m.desk_msg_email_failed();
  },
};

const M = DESK_MESSAGES;
/** A zod message read when the check fails, so it speaks the language of that moment. */
const lazy = (key: "reason" | "reasonTooLong" | "noteTooLong" | "trackingNo") => () => M[key];
const requestId = z.coerce.number().int().positive();

export const acceptRequestSchema = z.object({ intent: z.literal("accept"), requestId });

export const rejectRequestSchema = z.object({
  intent: z.literal("reject"),
  requestId,
  reason: withinCharacters(z.string({ error: lazy("reason") }).trim(), 300, lazy("reasonTooLong"), 5, lazy("reason")),
});

export const proposeDateSchema = z.object({
  intent: z.literal("propose"),
  requestId,
  pujaDate: futureDate,
  note: withinCharacters(z.string().trim(), 300, lazy("noteTooLong")).optional(),
});

export const requestDecisionSchema = z.discriminatedUnion("intent", [acceptRequestSchema, rejectRequestSchema, proposeDateSchema]);
export type RequestDecision = z.infer<typeof requestDecisionSchema>;

export const lineIdSchema = z.object({ lineId: z.coerce.number().int().positive() });

export const trackingNoSchema = z.object({
  intent: z.literal("tracking"),
  lineId: z.coerce.number().int().positive(),
  trackingNo: z
    .string({ error: lazy("trackingNo") })
    .trim()
    .toUpperCase()
    .regex(/^[A-Z0-9-]{4,40}$/, { error: lazy("trackingNo") }),
});

export const markDoneSchema = z.object({ intent: z.literal("done"), lineId: z.coerce.number().int().positive() });

/** Videos staff may upload, and the size a single (no-JavaScript) request may carry. */
export const VIDEO_TYPES = ["video/mp4", "video/webm", "video/quicktime"] as const;
export const SINGLE_UPLOAD_LIMIT = 50 * 1024 * 1024;
/** R2 parts must be at least 5 MiB except the last; the browser sends 8 MiB parts. */
export const UPLOAD_PART_SIZE = 8 * 1024 * 1024;
export const MAX_UPLOAD_PARTS = 1000;
export const MAX_VIDEO_BYTES = MAX_UPLOAD_PARTS * UPLOAD_PART_SIZE;
/** Multipart uploads a temple may have open at once; ones older than STALE_UPLOAD_HOURS are aborted. */
export const MAX_OPEN_UPLOADS = 3;
export const STALE_UPLOAD_HOURS = 6;

export function isVideoType(type: string): type is (typeof VIDEO_TYPES)[number] {
  return (VIDEO_TYPES as readonly string[]).includes(type);
}

export function videoExtension(type: string): string {
  return type === "video/mp4" ? "mp4" : type === "video/quicktime" ? "mov" : "webm";
}

/** A YYYY-MM-DD day from a query string, or today in India. */
export function dayOrToday(value: string | null | undefined): string {
  return value && isValidDay(value) ? value : todayInIndia();
}
