/**
 * A temple's image uploaded at its desk, into R2 under temple-images/<temple>/. Stored only
 * when its first bytes are the PNG, JPEG or WebP it claims to be (SVG and HTML never are), so
 * the name's extension, which the image route serves the type from, is always verified.
 */
import type { Database } from "~/db/client.server";
import { IMAGE_LIMIT, IMAGE_TYPES } from "./desk-temple";
import { updateTempleImage } from "./desk-temple.server";
import { imageTypeOf, SIGNATURE_BYTES } from "./media-signatures";

export async function saveTempleImage(db: Database, bucket: R2Bucket, actor: { actorId: number; templeId: number }, file: File): Promise<boolean> {
  if (file.size === 0 || file.size > IMAGE_LIMIT) return false;
  const type = imageTypeOf(new Uint8Array(await file.slice(0, SIGNATURE_BYTES).arrayBuffer()));
  if (!type || type !== file.type) return false;
  const name = `${crypto.randomUUID()}.${IMAGE_TYPES[type]}`;
  await bucket.put(`temple-images/${actor.templeId}/${name}`, file, { httpMetadata: { contentType: type } });
  await updateTempleImage(db, actor, `/media/temple-images/${actor.templeId}/${name}`);
  return true;
}
