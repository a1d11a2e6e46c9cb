/** Temple images uploaded at the desk, served from the IMAGES bucket (public, like public/). */
import { readTempleImage } from "~/domain/temples-admin/temple-images.server";
import { appEnv } from "~/lib/context.server";
import { notFound } from "~/lib/not-found.server";
import type { Route } from "./+types/temple-image";

export async function loader({ context, params }: Route.LoaderArgs) {
  const image = await readTempleImage(appEnv(context).bindings.IMAGES, params.templeId, params.file);
  if (!image) throw notFound();
  return image;
}
