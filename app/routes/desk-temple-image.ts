/** Temple images uploaded at the desk, served from R2 (public, like the seeded images under public/). */
import { appEnv } from "~/lib/context.server";
import type { Route } from "./+types/desk-temple-image";

export async function loader({ context, params }: Route.LoaderArgs) {
  if (!/^\d+$/.test(params.templeId) || !/^[0-9a-f-]{36}\.(jpg|png|webp)$/.test(params.file)) throw new Response(null, { status: 404 });
  const object = await appEnv(context).bindings.VIDEOS.get(`temple-images/${params.templeId}/${params.file}`);
  if (!object) throw new Response(null, { status: 404 });
  return new Response(object.body, {
    headers: {
      "Content-Type": object.httpMetadata?.contentType ?? "application/octet-stream",
      "Cache-Control": "public, max-age=31536000, immutable",
      ETag: object.httpEtag,
    },
  });
}
