/**
 * The ledger of open multipart video uploads (`video_uploads`): at most MAX_OPEN_UPLOADS per
 * temple, a row from create until complete or abort, and housekeeping that aborts uploads a
 * browser left behind (closed tab, lost connection) so R2 does not keep their parts.
 */
import { and, eq, inArray, lt, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { transactionLines, videoUploads } from "~/db/schema";
import { MAX_OPEN_UPLOADS, STALE_UPLOAD_HOURS } from "../desk/desk-inputs";

export type UploadRef = { templeId: number; key: string; uploadId: string };

/**
 * Records an upload unless the temple already has MAX_OPEN_UPLOADS open. One statement, so
 * parallel creates cannot pass the cap together (D1 runs a database's statements one at a time).
 */
export async function recordOpenUpload(db: Database, upload: UploadRef & { lineId: number }): Promise<boolean> {
  const inserted = await db.all<{ id: number }>(sql`
    insert into ${videoUploads} (temple_id, line_id, key, upload_id)
    select ${upload.templeId}, ${upload.lineId}, ${upload.key}, ${upload.uploadId}
    where (select count(*) from ${videoUploads} where temple_id = ${upload.templeId}) < ${MAX_OPEN_UPLOADS}
    returning id`);
  return inserted.length === 1;
}

export async function isOpenUpload(db: Database, upload: UploadRef): Promise<boolean> {
  const [row] = await db
    .select({ id: videoUploads.id })
    .from(videoUploads)
    .where(and(eq(videoUploads.templeId, upload.templeId), eq(videoUploads.key, upload.key), eq(videoUploads.uploadId, upload.uploadId)))
    .limit(1);
  return row !== undefined;
}

export async function forgetUpload(db: Database, upload: UploadRef) {
  await db
    .delete(videoUploads)
    .where(and(eq(videoUploads.templeId, upload.templeId), eq(videoUploads.key, upload.key), eq(videoUploads.uploadId, upload.uploadId)));
}

/** R2 refuses to abort an upload it no longer has (completed or already aborted): nothing left to do then. */
export async function abortQuietly(bucket: R2Bucket, key: string, uploadId: string) {
  try {
    await bucket.resumeMultipartUpload(key, uploadId).abort();
  } catch {
    // already gone
  }
}

/** Under D1's 100 bound parameters per statement. */
const STALE_BATCH = 50;

/**
 * Housekeeping: aborts uploads opened more than STALE_UPLOAD_HOURS ago and forgets them. An
 * object completed but never linked to its line (the Worker stopped in between) is deleted too.
 */
export async function abortStaleUploads(db: Database, bucket: R2Bucket, now: Date) {
  const cutoff = new Date(now.getTime() - STALE_UPLOAD_HOURS * 3600_000).toISOString();
  const stale = await db
    .select({ id: videoUploads.id, lineId: videoUploads.lineId, key: videoUploads.key, uploadId: videoUploads.uploadId })
    .from(videoUploads)
    .where(lt(videoUploads.createdAt, cutoff))
    .orderBy(videoUploads.createdAt)
    .limit(STALE_BATCH);
  if (stale.length === 0) return 0;
  const lineIds = [...new Set(stale.map((upload) => upload.lineId))];
  const lines = await db.select({ key: transactionLines.videoKey }).from(transactionLines).where(inArray(transactionLines.id, lineIds));
  const linked = new Set(lines.map((line) => line.key));
  for (const upload of stale) {
    await abortQuietly(bucket, upload.key, upload.uploadId);
    if (!linked.has(upload.key)) await bucket.delete(upload.key);
  }
  await db.delete(videoUploads).where(
    inArray(
      videoUploads.id,
      stale.map((upload) => upload.id),
    ),
  );
  return stale.length;
}
