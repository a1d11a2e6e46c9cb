/**
 * A puja video from R2, streamed to the customer who owns the booking, with HTTP
 * Range support so the browser can seek. Anyone else gets 404. The type is the one the
 * upload was verified as (never a stored, claimed type), with nosniff and a disposition.
 */
import { contentRange, parseByteRange } from "~/lib/byte-ranges";
import { uploadHeaders } from "~/lib/media-signatures";
import { findVideoKey } from "~/domain/bookings/records/videos.server";
import { getCurrentSession } from "~/web/auth.server";
import { dbFrom } from "~/lib/db.server";
import { appEnv } from "~/lib/context.server";
import type { Route } from "./+types/videos";
import { notFound } from "~/lib/not-found.server";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const session = await getCurrentSession(context);
  const lineId = Number(params.lineId);
  if (!session || !Number.isInteger(lineId) || lineId <= 0) throw notFound();
  const key = await findVideoKey(dbFrom(context), session.customer.id, params.trackingNo, lineId);
  if (!key) throw notFound();
  const bucket = appEnv(context).bindings.VIDEOS;
  const head = await bucket.head(key);
  if (!head) throw notFound();
  const size = head.size;
  const headers = new Headers({
    ...uploadHeaders(key, `puja-${params.trackingNo}-${lineId}`),
    "Accept-Ranges": "bytes",
    "Cache-Control": "private, max-age=3600",
    ETag: head.httpEtag,
  });
  const range = parseByteRange(request.headers.get("range"), size);
  if (range === "unsatisfiable") {
    headers.set("Content-Range", `bytes */${size}`);
    return new Response(null, { status: 416, headers });
  }
  const object = await bucket.get(key, range ? { range } : undefined);
  if (!object) throw notFound();
  headers.set("Content-Length", String(range ? range.length : size));
  if (range) headers.set("Content-Range", contentRange(range, size));
  return new Response(request.method === "HEAD" ? null : object.body, { status: range ? 206 : 200, headers });
}
