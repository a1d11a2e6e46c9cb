/**
 * Reading a request body within a bound, and dropping one we refuse without breaking the
 * connection it came on.
 *
 * An HTTP server that answers while the client is still sending must read the rest of the
 * body, or close the connection with bytes unread, which makes the kernel reset it: a client
 * that has not yet read the answer then loses it. When a Worker returns its answer with the
 * body unread (or cancelled), workerd's HTTP server (KJ) reads on for at most 64 KiB or 1 s
 * (`canceledUploadGraceBytes`) and then closes. So a refused post could reach its client as
 * a reset, and under `wrangler dev` (`npm start`), whose proxy Worker forwards each request
 * to the app, as a 500 "Network connection lost" (the proxy does not retry a POST), sometimes
 * on the next request over the same connection instead. So a refused body is always read to
 * its end and dropped before the answer goes, never kept, whatever its size: a 10 MB post
 * gets its 413 like a 70 KB one. What bounds the reading is Cloudflare's own limit on request
 * bodies (100 MB on the Free and Pro plans; larger ones are answered 413 before the Worker
 * runs); dropping costs about 2 ms of CPU per MiB in local workerd with a Content-Length and
 * up to 6 ms chunked, socket reads included.
 */

/**
 * Reads and drops what is left of a body, to its end; on an error (the client went away) it
 * is cancelled. A request body is a byte stream: it is read into one buffer again and again,
 * so nothing is kept and little is allocated (about half the CPU of a plain reader).
 */
async function drain(body: ReadableStream<Uint8Array>): Promise<void> {
  let byob: ReadableStreamBYOBReader | null = null;
  let plain: ReadableStreamDefaultReader<Uint8Array> | null = null;
  try {
    byob = body.getReader({ mode: "byob" });
  } catch {
    plain = body.getReader();
  }
  try {
    let buffer = new ArrayBuffer(64 * 1024);
    for (;;) {
      const { done, value } = byob ? await byob.read(new Uint8Array(buffer)) : await plain!.read();
      if (done || !value) return;
      if (byob) buffer = value.buffer as ArrayBuffer;
    }
  } catch {
    // The client went away: there is nothing left to answer.
    await (byob ?? plain)!.cancel().catch(() => undefined);
  }
}

/**
 * Drops a body we will not read, so the connection can still carry the answer: the body is
 * read to its end and thrown away. A body already read, or being read elsewhere (locked), is
 * left alone.
 */
export async function discardBody(request: Request): Promise<void> {
  const body = request.body;
  if (!body || request.bodyUsed || body.locked) return;
  await drain(body);
}

/** The Content-Length the request declares, or null when it has none (chunked) or it is not a number. */
function declaredLength(request: Request): number | null {
  const header = request.headers.get("content-length");
  if (header === null || header.trim() === "") return null;
  const declared = Number(header);
  return Number.isFinite(declared) && declared >= 0 ? declared : null;
}

/**
 * The body's bytes, at most `maxBytes` whatever Content-Length says; null when it is larger
 * (the rest is then dropped as `discardBody` does). Throws when the body cannot be read.
 */
export async function readBoundedBytes(request: Request, maxBytes: number): Promise<Uint8Array<ArrayBuffer> | null> {
  const declared = declaredLength(request);
  if (declared !== null && declared > maxBytes) {
    await discardBody(request);
    return null;
  }
  if (!request.body) return new Uint8Array();
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      chunks.length = 0;
      reader.releaseLock();
      await drain(request.body);
      return null;
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}
