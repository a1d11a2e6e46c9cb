/**
 * A temple's images uploaded at its desk, in their own R2 bucket (IMAGES) under
 * temple-images/<temple>/. Stored only when the first bytes are the PNG, JPEG or WebP the
 * upload claims to be (SVG and HTML never are), so the name's extension, which the image
 * route serves the type from, is always verified. The key layout lives only here.
 */
import type { Database } from "~/db/client.server";
import { IMAGE_LIMIT, IMAGE_TYPES } from "./temple-inputs";
import { updateTempleImage } from "./temple.server";
import { imageTypeOf, SIGNATURE_BYTES, uploadHeaders } from "~/lib/media-signatures";

const PREFIX = "temple-images";
/** The public address of an uploaded image; `readTempleImage` takes its two last parts. */
const MEDIA_PATH = `/media/${PREFIX}`;
const STORED_NAME = /^[0-9a-f-]{36}\.(jpg|png|webp)$/;

/** Verifies and stores an image and makes it the temple's; false when the file is refused. */
export async function saveTempleImage(
  db: Database,
  bucket: R2Bucket,
  actor: { actorId: number; templeId: number },
  file: File,
): Promise<boolean> {
  if (file.size === 0 || file.size > IMAGE_LIMIT) return false;
  const type = imageTypeOf(new Uint8Array(await file.slice(0, SIGNATURE_BYTES).arrayBuffer()));
  if (!type || type !== file.type) return false;
  const name = `${crypto.randomUUID()}.${IMAGE_TYPES[type]}`;
  await bucket.put(`${PREFIX}/${actor.templeId}/${name}`, file, { httpMetadata: { contentType: type } });
  await updateTempleImage(db, actor, `${MEDIA_PATH}/${actor.templeId}/${name}`);
  return true;
}

/**
 * An uploaded image as a response (public, immutable: every upload gets a new name), or null
 * when the address names no stored image. Only names this module writes are looked up.
 */
export async function readTempleImage(bucket: R2Bucket, templeId: string, file: string): Promise<Response | null> {
  if (!/^\d{1,9}$/.test(templeId) || !STORED_NAME.test(file)) return null;
  const key = `${PREFIX}/${templeId}/${file}`;
  const object = await bucket.get(key);
  if (!object) return null;
  return new Response(object.body, {
    headers: {
      // nosniff and an inline disposition keep a browser from treating the bytes as anything else.
      ...uploadHeaders(key, file.slice(0, file.lastIndexOf("."))),
      "Cache-Control": "public, max-age=31536000, immutable",
      ETag: object.httpEtag,
    },
  });
}
