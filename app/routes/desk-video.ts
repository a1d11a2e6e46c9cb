/**
 * Uploading a puja's video into R2, as authorised POSTs of the temple's staff:
 *   ?step=create   (JSON {type})                     → {key, uploadId}
 *   ?step=part     (&key&uploadId&partNumber, bytes)  → {partNumber, etag}
 *   ?step=complete (JSON {key, uploadId, parts})      → the line now points at the video
 *   ?step=abort    (JSON {key, uploadId})
 *   no step: one small multipart/form-data file (the form without JavaScript).
 * The domain checks each file's first bytes against its declared type, keeps at most
 * MAX_OPEN_UPLOADS multipart uploads open per temple, and bounds parts and total size.
 */
import { href } from "react-router";
import { z } from "zod";
import {
  DESK_MESSAGES as M,
  isVideoType,
  MAX_UPLOAD_PARTS,
  SINGLE_UPLOAD_LIMIT,
  UPLOAD_PART_SIZE,
} from "~/domain/bookings/desk/desk-inputs";
import { templeHasLine } from "~/domain/bookings/desk/performing.server";
import {
  abortVideoUpload,
  completeVideoUpload,
  createVideoUpload,
  keyBelongsTo,
  putVideo,
  uploadVideoPart,
} from "~/domain/bookings/records/puja-videos.server";
import { dbFrom } from "~/lib/db.server";
import { appEnv } from "~/lib/context.server";
import { templeDeskAccess } from "~/web/role-guards.server";
import type { Route } from "./+types/desk-video";
import { backWithToast, notifyLineDevotee } from "~/web/staff-actions.server";
import { FORM_LIMITS, readForm } from "~/lib/form-data.server";
import { readBoundedBytes } from "~/lib/request-body.server";
import { notFound } from "~/lib/not-found.server";

const uploadRef = z.object({ key: z.string().max(200), uploadId: z.string().min(1).max(1000) });
const completeSchema = uploadRef.extend({
  parts: z
    .array(z.object({ partNumber: z.number().int().min(1).max(MAX_UPLOAD_PARTS), etag: z.string().min(1).max(200) }))
    .min(1)
    .max(MAX_UPLOAD_PARTS),
});

/** What staff are told when a step is refused, by the domain's reason (the message read when refusing: the request's language). */
const REFUSALS = {
  type: [400, () => M.videoType],
  busy: [429, () => M.videoBusy],
  content: [400, () => M.videoContent],
  tooBig: [413, () => M.videoTooBig],
  invalid: [400, () => M.videoFailed],
  unknown: [404, () => M.videoFailed],
  line: [404, () => M.videoFailed],
} as const;

/** A small JSON step body (the part list of 1,000 parts fits well within 128 KiB); null when unreadable or larger. */
async function readJson(request: Request): Promise<unknown> {
  const bytes = await readBoundedBytes(request, 128 * 1024).catch(() => null);
  if (!bytes) return null;
  try {
    return JSON.parse(new TextDecoder().decode(bytes));
  } catch {
    return null;
  }
}

const json = (body: unknown, status = 200) => Response.json(body, { status, headers: { "Cache-Control": "no-store" } });
const refused = (reason: keyof typeof REFUSALS) => json({ error: REFUSALS[reason][1]() }, REFUSALS[reason][0]);

export async function loader() {
  throw notFound();
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const { templeId, user } = templeDeskAccess(context);
  const lineId = Number(params.lineId);
  const db = dbFrom(context);
  if (!Number.isSafeInteger(lineId) || !(await templeHasLine(db, templeId, lineId))) throw notFound();
  const bucket = appEnv(context).bindings.VIDEOS;
  const url = new URL(request.url);
  const step = url.searchParams.get("step");
  const actor = { actorId: user.id, templeId, lineId };
  const ours = (key: string) => keyBelongsTo(key, templeId, lineId);
  try {
    if (step === "create") {
      const body = z.object({ type: z.string().max(100) }).safeParse(await readJson(request));
      const created = await createVideoUpload(db, bucket, templeId, lineId, body.success ? body.data.type : "");
      return created.ok ? json({ key: created.key, uploadId: created.uploadId }) : refused(created.reason);
    }
    if (step === "part") {
      const ref = uploadRef.safeParse(Object.fromEntries(url.searchParams));
      if (!ref.success || !ours(ref.data.key)) return json({ error: M.videoFailed }, 404);
      const bytes = await readBoundedBytes(request, UPLOAD_PART_SIZE);
      if (!bytes) return json({ error: M.videoFailed }, 413);
      const part = await uploadVideoPart(db, bucket, { templeId, ...ref.data }, Number(url.searchParams.get("partNumber")), bytes.buffer);
      return part.ok ? json(part.part) : refused(part.reason);
    }
    if (step === "complete" || step === "abort") {
      const body = completeSchema.partial({ parts: true }).safeParse(await readJson(request));
      if (!body.success) return refused("invalid");
      if (!ours(body.data.key)) return refused("unknown");
      const upload = { templeId, key: body.data.key, uploadId: body.data.uploadId };
      if (step === "abort") {
        await abortVideoUpload(db, bucket, upload);
        return json({ ok: true });
      }
      if (!body.data.parts) return refused("invalid");
      const done = await completeVideoUpload(db, bucket, actor, { ...upload, parts: body.data.parts });
      if (!done.ok) return refused(done.reason);
      await notifyLineDevotee(context, request, { templeId, lineId }, "video-ready");
      return json({ ok: true, message: M.videoSaved });
    }
  } catch (error) {
    // R2 rejects unknown upload ids and parts that are too small; the browser retries from the start.
    console.warn("Video upload step failed:", step, error instanceof Error ? error.message : "unknown");
    return json({ error: M.videoFailed }, 400);
  }
  return singleUpload(request, context, actor);
}

async function singleUpload(
  request: Request,
  context: Route.ActionArgs["context"],
  actor: { actorId: number; templeId: number; lineId: number },
) {
  const fallback = href("/:lang?/desk/:templeId/bookings", { templeId: String(actor.templeId) });
  const empty = new FormData();
  if (Number(request.headers.get("content-length") ?? 0) > SINGLE_UPLOAD_LIMIT) {
    return backWithToast(context, empty, fallback, { type: "error", message: M.videoTooLarge });
  }
  const formData = await readForm(request, { maxBytes: SINGLE_UPLOAD_LIMIT + FORM_LIMITS.maxBytes });
  const file = formData.get("video");
  if (!(file instanceof File) || file.size === 0 || !isVideoType(file.type)) {
    return backWithToast(context, formData, fallback, { type: "error", message: M.videoType });
  }
  if (file.size > SINGLE_UPLOAD_LIMIT) return backWithToast(context, formData, fallback, { type: "error", message: M.videoTooLarge });
  const stored = await putVideo(dbFrom(context), appEnv(context).bindings.VIDEOS, actor, file);
  if (!stored.ok && stored.reason === "line") throw notFound();
  if (!stored.ok) return backWithToast(context, formData, fallback, { type: "error", message: M.videoContent });
  await notifyLineDevotee(context, request, { templeId: actor.templeId, lineId: actor.lineId }, "video-ready");
  return backWithToast(context, formData, fallback, { type: "success", message: M.videoSaved });
}
