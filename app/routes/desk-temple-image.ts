/**
 * Temple images uploaded at the desk, served from R2 (public, like the seeded images under
 * public/). The name's extension is the type the upload was verified as; nosniff and an
 * inline disposition keep a browser from treating the bytes as anything else.
 */
import { uploadHeaders } from "~/domain/media-signatures";
import { appEnv } from "~/lib/context.server";
import type { Route } from "./+types/desk-temple-image";
import { notFound } from "~/lib/not-found.server";

export async function loader({ context, params }: Route.LoaderArgs) {
  if (!/^\d+$/.test(params.templeId) || !/^[0-9a-f-]{36}\.(jpg|png|webp)$/.test(params.file)) throw notFound();
  const key = `temple-images/${params.templeId}/${params.file}`;
  const object = await appEnv(context).bindings.VIDEOS.get(key);
  if (!object) throw notFound();
  return new Response(object.body, {
    headers: {
      ...uploadHeaders(key, params.file.slice(0, params.file.lastIndexOf("."))),
      "Cache-Control": "public, max-age=31536000, immutable",
      ETag: object.httpEtag,
    },
  });
}
