/**
 * Puja videos into R2. Large files go up in parts (R2 multipart upload driven by the
 * browser: create, parts, complete), so no single request carries the whole file; a
 * plain single upload remains for small files when JavaScript is off. Keys name the
 * temple and line, so an upload can only ever be completed onto the line it was made for.
 */
import type { Database } from "~/db/client.server";
import { attachVideo } from "./desk-bookings.server";
import { isVideoType, MAX_UPLOAD_PARTS, videoExtension } from "./desk";

const DESK_PREFIX = "videos/desk/";

export function videoKeyFor(templeId: number, lineId: number, type: string): string {
  return `${DESK_PREFIX}t${templeId}/l${lineId}/${crypto.randomUUID()}.${videoExtension(type)}`;
}

/** Whether `key` was made by `videoKeyFor` for this temple and line. */
export function keyBelongsTo(key: string, templeId: number, lineId: number): boolean {
  return new RegExp(`^videos/desk/t${templeId}/l${lineId}/[0-9a-f-]{36}\\.(mp4|webm|mov)$`).test(key);
}

export async function createVideoUpload(bucket: R2Bucket, templeId: number, lineId: number, type: string) {
  if (!isVideoType(type)) return null;
  const key = videoKeyFor(templeId, lineId, type);
  const upload = await bucket.createMultipartUpload(key, { httpMetadata: { contentType: type } });
  return { key, uploadId: upload.uploadId };
}

export async function uploadVideoPart(bucket: R2Bucket, key: string, uploadId: string, partNumber: number, bytes: ArrayBuffer) {
  if (!Number.isInteger(partNumber) || partNumber < 1 || partNumber > MAX_UPLOAD_PARTS || bytes.byteLength === 0) return null;
  const part = await bucket.resumeMultipartUpload(key, uploadId).uploadPart(partNumber, bytes);
  return { partNumber: part.partNumber, etag: part.etag };
}

/** Completes the upload and points the line at it; the previous desk upload is deleted. */
export async function completeVideoUpload(
  db: Database,
  bucket: R2Bucket,
  actor: { actorId: number; templeId: number; lineId: number },
  upload: { key: string; uploadId: string; parts: R2UploadedPart[] },
) {
  await bucket.resumeMultipartUpload(upload.key, upload.uploadId).complete(upload.parts);
  return linkVideo(db, bucket, actor, upload.key);
}

export async function abortVideoUpload(bucket: R2Bucket, key: string, uploadId: string) {
  await bucket.resumeMultipartUpload(key, uploadId).abort();
}

/** The no-JavaScript path: one small file in one request. */
export async function putVideo(db: Database, bucket: R2Bucket, actor: { actorId: number; templeId: number; lineId: number }, file: File) {
  const key = videoKeyFor(actor.templeId, actor.lineId, file.type);
  await bucket.put(key, await file.arrayBuffer(), { httpMetadata: { contentType: file.type } });
  return linkVideo(db, bucket, actor, key);
}

async function linkVideo(db: Database, bucket: R2Bucket, actor: { actorId: number; templeId: number; lineId: number }, key: string) {
  const linked = await attachVideo(db, actor.actorId, actor.templeId, actor.lineId, key);
  if (!linked.ok) {
    await bucket.delete(key);
    return false;
  }
  // Only the desk's own uploads are removed; shared sample videos stay.
  if (linked.replaced?.startsWith(DESK_PREFIX)) await bucket.delete(linked.replaced);
  return true;
}
