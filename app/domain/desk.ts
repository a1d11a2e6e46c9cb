/**
 * Temple desk inputs: one zod schema per form, shared by the Conform forms and the
 * actions, with the messages staff see. No server imports here.
 */
import { z } from "zod";
import { futureDate, isValidDay } from "./bookings";
import { todayInIndia } from "~/lib/india-time";
import { graphemeMin, optionalCharacters, withinCharacters } from "./text-fields";

export const DESK_MESSAGES = {
  // The mail goes to the account that booked, which may be someone other than the devotee named.
  accepted: (devotee: string) => `Request for ${devotee} accepted. The account holder who booked has been emailed and can now pay for it.`,
  rejected: (devotee: string) => `Request for ${devotee} declined. The account holder who booked has been emailed the reason.`,
  proposed: (devotee: string, date: string) =>
    `New date ${date} offered for ${devotee}. The account holder who booked has been emailed and can pay for it.`,
  notPending: "This request has already been answered. The list below is up to date.",
  reason: "Tell the devotee why, in at least 5 characters (e.g. 'Fully booked on this date').",
  reasonTooLong: "Keep the reason under 300 characters.",
  noteTooLong: "Keep the note under 300 characters.",
  sameDate: "Choose a date other than the one requested.",
  done: "Marked as done.",
  alreadyDone: "This puja is already marked as done.",
  lineMissing: "We could not find that puja in this temple's bookings.",
  trackingNo: "Enter the postal tracking number (4 to 40 letters, digits or dashes), e.g. EK123456789IN.",
  trackingSaved: (devotee: string) => `Tracking number saved for ${devotee}'s prasad. The account holder who booked has been emailed.`,
  notPostal: "This booking has no prasad by post.",
  videoSaved: "Video uploaded. The devotee can watch it under My Transactions.",
  videoType: "Choose a video file (MP4, WebM or MOV).",
  videoTooLarge: "This file is too large to send in one go. Turn on JavaScript to upload it in parts.",
  videoFailed: "The upload did not finish. Please try again.",
  videoContent: "This file is not a video of the type it claims to be. Choose the MP4, WebM or MOV file itself (a renamed file will not play).",
  videoBusy: "Three videos are already being uploaded for this temple. Wait for one to finish, or try again in a few hours.",
  videoTooBig: "This video is larger than 7.8 GB. Please shorten or compress it and upload again.",
  emailFailed: "Saved, but the email to the devotee could not be sent. Please tell them by phone.",
} as const;

const M = DESK_MESSAGES;
const requestId = z.coerce.number().int().positive();

export const acceptRequestSchema = z.object({ intent: z.literal("accept"), requestId });

export const rejectRequestSchema = z.object({
  intent: z.literal("reject"),
  requestId,
  reason: withinCharacters(z.string({ error: M.reason }).trim().min(5, { error: M.reason, abort: true }).check(graphemeMin(5, M.reason)), 300, M.reasonTooLong),
});

export const proposeDateSchema = z.object({
  intent: z.literal("propose"),
  requestId,
  pujaDate: futureDate,
  note: optionalCharacters(300, M.noteTooLong),
});

export const requestDecisionSchema = z.discriminatedUnion("intent", [acceptRequestSchema, rejectRequestSchema, proposeDateSchema]);
export type RequestDecision = z.infer<typeof requestDecisionSchema>;

export const lineIdSchema = z.object({ lineId: z.coerce.number().int().positive() });

export const trackingNoSchema = z.object({
  intent: z.literal("tracking"),
  lineId: z.coerce.number().int().positive(),
  trackingNo: z
    .string({ error: M.trackingNo })
    .trim()
    .toUpperCase()
    .regex(/^[A-Z0-9-]{4,40}$/, M.trackingNo),
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

/** The desk's paths (shared by routes, components and the upload script). */
export const deskPaths = {
  home: "/desk",
  requests: (templeId: number) => `/desk/${templeId}`,
  bookings: (templeId: number, date?: string) => `/desk/${templeId}/bookings${date ? `?date=${date}` : ""}`,
  daySheetPdf: (templeId: number, date: string) => `/desk/${templeId}/day-sheet/${date}`,
  dispatch: (templeId: number) => `/desk/${templeId}/dispatch`,
  video: (templeId: number, lineId: number) => `/desk/${templeId}/lines/${lineId}/video`,
  temple: (templeId: number) => `/desk/${templeId}/temple`,
  pujas: (templeId: number) => `/desk/${templeId}/pujas`,
  donations: (templeId: number) => `/desk/${templeId}/donations`,
  messages: (templeId: number) => `/desk/${templeId}/messages`,
} as const;

/** A YYYY-MM-DD day from a query string, or today in India. */
export function dayOrToday(value: string | null | undefined): string {
  return value && isValidDay(value) ? value : todayInIndia();
}
