/**
 * Puja videos into R2. Large files go up in parts (R2 multipart upload driven by the
 * browser: create, parts, complete), so no single request carries the whole file; a
 * plain single upload remains for small files when JavaScript is off. Keys name the
 * temple and line, so an upload can only ever be completed onto the line it was made for.
 * Every file is checked by its first bytes (the single file; part 1 when it arrives; the
 * assembled object on complete), so the key's extension is always the verified type.
 */
import type { Database } from "~/db/client.server";
import { attachVideo } from "../desk/performing.server";
import { abortQuietly, forgetUpload, isOpenUpload, recordOpenUpload, type UploadRef } from "./video-uploads.server";
import { isVideoType, MAX_UPLOAD_PARTS, MAX_VIDEO_BYTES, videoExtension } from "../desk/desk-inputs";
import { isVideoContent, SIGNATURE_BYTES } from "~/lib/media-signatures";

const DESK_PREFIX = "videos/desk/";
const TYPE_OF_EXTENSION: Record<string, string> = { mp4: "video/mp4", webm: "video/webm", mov: "video/quicktime" };

type Actor = { actorId: number; templeId: number; lineId: number };
type Refusal<Reason extends string> = { ok: false; reason: Reason };

export function videoKeyFor(templeId: number, lineId: number, type: string): string {
  return `${DESK_PREFIX}t${templeId}/l${lineId}/${crypto.randomUUID()}.${videoExtension(type)}`;
}

/** Whether `key` was made by `videoKeyFor` for this temple and line. */
export function keyBelongsTo(key: string, templeId: number, lineId: number): boolean {
  return new RegExp(`^videos/desk/t${templeId}/l${lineId}/[0-9a-f-]{36}\\.(mp4|webm|mov)$`).test(key);
}

/** The type an upload was started as, from its key. */
function declaredTypeOf(key: string): string {
  return TYPE_OF_EXTENSION[key.slice(key.lastIndexOf(".") + 1)] ?? "";
}

/** Starts a multipart upload, unless the temple already has as many open as it may. */
export async function createVideoUpload(db: Database, bucket: R2Bucket, templeId: number, lineId: number, type: string) {
  if (!isVideoType(type)) return { ok: false, reason: "type" } as Refusal<"type">;
  const key = videoKeyFor(templeId, lineId, type);
  const upload = await bucket.createMultipartUpload(key, { httpMetadata: { contentType: type } });
  if (!(await recordOpenUpload(db, { templeId, lineId, key, uploadId: upload.uploadId }))) {
    await abortQuietly(bucket, key, upload.uploadId);
    return { ok: false, reason: "busy" } as Refusal<"busy">;
  }
  return { ok: true as const, key, uploadId: upload.uploadId };
}

/** One part of an open upload; part 1 must start like a video of the declared type, else the upload is aborted. */
export async function uploadVideoPart(db: Database, bucket: R2Bucket, upload: UploadRef, partNumber: number, bytes: ArrayBuffer) {
  if (!(await isOpenUpload(db, upload))) return { ok: false, reason: "unknown" } as Refusal<"unknown">;
  if (!Number.isInteger(partNumber) || partNumber < 1 || partNumber > MAX_UPLOAD_PARTS || bytes.byteLength === 0) {
    return { ok: false, reason: "invalid" } as Refusal<"invalid">;
  }
  if (
    partNumber === 1 &&
    !isVideoContent(declaredTypeOf(upload.key), new Uint8Array(bytes, 0, Math.min(bytes.byteLength, SIGNATURE_BYTES)))
  ) {
    await abortVideoUpload(db, bucket, upload);
    return { ok: false, reason: "content" } as Refusal<"content">;
  }
  const part = await bucket.resumeMultipartUpload(upload.key, upload.uploadId).uploadPart(partNumber, bytes);
  return { ok: true as const, part: { partNumber: part.partNumber, etag: part.etag } };
}

/**
 * Completes an open upload and checks the assembled object (size, first bytes) before the
 * line points at it; a wrong object is deleted. The previous desk upload is deleted.
 */
export async function completeVideoUpload(db: Database, bucket: R2Bucket, actor: Actor, upload: UploadRef & { parts: R2UploadedPart[] }) {
  if (!(await isOpenUpload(db, upload))) return { ok: false, reason: "unknown" } as Refusal<"unknown">;
  if (upload.parts.length > MAX_UPLOAD_PARTS) return { ok: false, reason: "tooBig" } as Refusal<"tooBig">;
  await bucket.resumeMultipartUpload(upload.key, upload.uploadId).complete(upload.parts);
  const start = await bucket.get(upload.key, { range: { offset: 0, length: SIGNATURE_BYTES } });
  const refusal = !start
    ? "unknown"
    : start.size > MAX_VIDEO_BYTES
      ? "tooBig"
      : !isVideoContent(declaredTypeOf(upload.key), new Uint8Array(await start.arrayBuffer()))
        ? "content"
        : null;
  // The row goes last: if the Worker stops before, housekeeping deletes an object left unlinked.
  if (refusal) {
    await bucket.delete(upload.key);
    await forgetUpload(db, upload);
    return { ok: false, reason: refusal } as Refusal<"unknown" | "tooBig" | "content">;
  }
  const linked = await linkVideo(db, bucket, actor, upload.key);
  await forgetUpload(db, upload);
  return linked ? { ok: true as const } : ({ ok: false, reason: "line" } as Refusal<"line">);
}

/** Ends an upload and forgets it (whether or not R2 still had it). */
export async function abortVideoUpload(db: Database, bucket: R2Bucket, upload: UploadRef) {
  await abortQuietly(bucket, upload.key, upload.uploadId);
  await forgetUpload(db, upload);
}

/** The no-JavaScript path: one small file in one request, stored only when its bytes match its type. */
export async function putVideo(db: Database, bucket: R2Bucket, actor: Actor, file: File) {
  const start = new Uint8Array(await file.slice(0, SIGNATURE_BYTES).arrayBuffer());
  if (!isVideoContent(file.type, start)) return { ok: false, reason: "content" } as Refusal<"content">;
  const key = videoKeyFor(actor.templeId, actor.lineId, file.type);
  await bucket.put(key, file, { httpMetadata: { contentType: file.type } });
  return (await linkVideo(db, bucket, actor, key)) ? { ok: true as const } : ({ ok: false, reason: "line" } as Refusal<"line">);
}

async function linkVideo(db: Database, bucket: R2Bucket, actor: Actor, key: string) {
  const linked = await attachVideo(db, actor.actorId, actor.templeId, actor.lineId, key);
  if (!linked.ok) {
    await bucket.delete(key);
    return false;
  }
  // Only the desk's own uploads are removed; shared sample videos stay.
  if (linked.replaced?.startsWith(DESK_PREFIX)) await bucket.delete(linked.replaced);
  return true;
}
