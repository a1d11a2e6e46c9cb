/**
 * Audit issue "oversized bodies answer 500 under `npm start`": a body over the 64 KiB limit
 * posted to a legacy path or a form route must be answered 413 every time, through
 * `wrangler dev` as `npm start` serves the build (its proxy Worker forwards each request to
 * the app over loopback HTTP), not only in workerd. The Worker used to answer without reading
 * the body and cancel it; workerd then closed the connection with the body half-sent and the
 * proxy lost the answer ("Network connection lost", a 500) for a few percent of the requests.
 *
 * Plain node:http, no browser: it sends bodies with a Content-Length and chunked (no length),
 * in 16 KiB writes as a client uploading would, many at once and one after another.
 */
import http from "node:http";
import { expect, test } from "@playwright/test";

const LEGACY = ["/api/Temple/savetempleregistration", "/api/user/login", "/api/common/storeNewsLetterContact"];
const FORMS = ["/login", "/jobs", "/temple-signup"];
const SIZES = [70 * 1024, 200 * 1024];

interface Sent {
  path: string;
  size: number;
  chunked: boolean;
}

/** A legacy JSON payload or a urlencoded form of exactly `size` bytes. */
function bodyFor(path: string, size: number): { body: Buffer; contentType: string } {
  if (path.startsWith("/api/")) {
    const head = '{"LoginID":"a@b.c","filler":"';
    return { body: Buffer.from(`${head + "x".repeat(size - head.length - 2)}"}`), contentType: "application/json" };
  }
  const head = "intent=login&email=a%40b.c&password=";
  return { body: Buffer.from(head + "x".repeat(size - head.length)), contentType: "application/x-www-form-urlencoded" };
}

/** Posts one body; the answer's status and text, or the transport error that took its place. */
function post(origin: string, agent: http.Agent, { path, size, chunked }: Sent): Promise<{ status: string; text: string }> {
  const { body, contentType } = bodyFor(path, size);
  const url = new URL(path, origin);
  const headers: Record<string, string> = { "Content-Type": contentType };
  if (!chunked) headers["Content-Length"] = String(body.byteLength);
  return new Promise((resolve) => {
    const request = http.request(url, { method: "POST", headers, agent }, (response) => {
      const parts: Buffer[] = [];
      response.on("data", (part: Buffer) => parts.push(part));
      response.on("end", () => resolve({ status: String(response.statusCode), text: Buffer.concat(parts).toString("utf8") }));
      response.on("error", (error: NodeJS.ErrnoException) => resolve({ status: `error ${error.code ?? error.message}`, text: "" }));
    });
    request.on("error", (error: NodeJS.ErrnoException) => resolve({ status: `error ${error.code ?? error.message}`, text: "" }));
    // 16 KiB writes, each after the last has gone out, as an uploading client sends.
    let offset = 0;
    const send = () => {
      while (offset < body.byteLength) {
        const piece = body.subarray(offset, offset + 16 * 1024);
        offset += 16 * 1024;
        if (!request.write(piece)) return void request.once("drain", send);
      }
      request.end();
    };
    send();
  });
}

/** Sends every request, `concurrency` at a time; the statuses counted, and each odd answer's first line. */
async function sendAll(origin: string, requests: Sent[], concurrency: number) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
  const tally: Record<string, number> = {};
  const odd: string[] = [];
  let next = 0;
  const worker = async () => {
    while (next < requests.length) {
      const sent = requests[next++]!;
      const { status, text } = await post(origin, agent, sent);
      tally[status] = (tally[status] ?? 0) + 1;
      if (status !== "413")
        odd.push(
          `${sent.path} ${sent.size / 1024} KB ${sent.chunked ? "chunked" : "with length"} → ${status} ${text.split("\n")[0]!.slice(0, 120)}`,
        );
      else if (sent.path.startsWith("/api/"))
        expect(JSON.parse(text)).toEqual({ Status: "Failed", error: "payload_too_large", field: "body", message: "Payload too large" });
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  agent.destroy();
  return { tally, odd };
}

/** A few odd answers for the failure message, lost connections and 5xx first. */
function worstFirst(odd: string[]): string {
  const rank = (line: string) => (/→ (error|5\d\d)/.test(line) ? 0 : 1);
  return [...odd]
    .sort((a, b) => rank(a) - rank(b))
    .slice(0, 8)
    .join("\n");
}

function every(rounds: number): Sent[] {
  const requests: Sent[] = [];
  for (let round = 0; round < rounds; round++) {
    for (const path of [...LEGACY, ...FORMS]) {
      for (const size of SIZES) for (const chunked of [false, true]) requests.push({ path, size, chunked });
    }
  }
  return requests;
}

test("oversized bodies sent many at once to legacy paths and form routes all answer 413", async ({ baseURL }) => {
  const requests = every(8);
  const { tally, odd } = await sendAll(baseURL!, requests, 8);
  expect(tally, `${odd.length} of ${requests.length} were not 413:\n${worstFirst(odd)}`).toEqual({ "413": requests.length });
  // The server is still well: an ordinary request after them is answered.
  expect((await fetch(new URL("/healthz", baseURL))).status).toBe(200);
});

test("oversized bodies sent one after another all answer 413, and so does the call after each", async ({ baseURL }) => {
  const requests = every(2);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const tally: Record<string, number> = {};
  const odd: string[] = [];
  for (const sent of requests) {
    const big = await post(baseURL!, agent, sent);
    // An ordinary call on the same connections: a connection the refusal broke would lose it.
    const small = await postSmall(baseURL!, agent, "/api/common/listAllDeities");
    for (const [what, answer, wanted] of [
      [`${sent.path} ${sent.size / 1024} KB ${sent.chunked ? "chunked" : "with length"}`, big, "413"],
      [`the call after ${sent.path}`, small, "200"],
    ] as const) {
      tally[answer.status] = (tally[answer.status] ?? 0) + 1;
      if (answer.status !== wanted) odd.push(`${what} → ${answer.status} ${answer.text.split("\n")[0]!.slice(0, 120)}`);
    }
  }
  agent.destroy();
  expect(tally, `${odd.length} of ${requests.length * 2} were not answered as they should be:\n${worstFirst(odd)}`).toEqual({
    "413": requests.length,
    "200": requests.length,
  });
});

test("10 and 20 MB bodies, with a length or chunked, to the gateway's paths, the legacy API and a form answer 413 with their usual error", async ({
  baseURL,
}) => {
  const shown: Record<string, RegExp> = {
    "/payments/callback": /<h1[^>]*>Payment not verified<\/h1>/,
    "/payments/webhook": /^\{"status":"rejected"/,
    "/api/request/addtolist": /^\{"Status":"Failed","error":"payload_too_large","field":"body"/,
    "/login": /<html/,
  };
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const odd: string[] = [];
  for (const path of Object.keys(shown)) {
    for (const size of [10_000_000, 20_000_000]) {
      for (const chunked of [false, true]) {
        const what = `${path} ${size / 1_000_000} MB ${chunked ? "chunked" : "with length"}`;
        const big = await post(baseURL!, agent, { path, size, chunked });
        if (big.status !== "413" || !shown[path]!.test(big.text)) odd.push(`${what} → ${big.status} ${big.text.slice(0, 120)}`);
        // The connection it came on still carries the next call.
        const small = await postSmall(baseURL!, agent, "/api/common/listAllDeities");
        if (small.status !== "200") odd.push(`the call after ${what} → ${small.status} ${small.text.slice(0, 120)}`);
      }
    }
  }
  agent.destroy();
  expect(odd, worstFirst(odd)).toEqual([]);
});

/** An ordinary legacy call ({} as the payload). */
function postSmall(origin: string, agent: http.Agent, path: string): Promise<{ status: string; text: string }> {
  return new Promise((resolve) => {
    const headers = { "Content-Type": "application/json", "Content-Length": "2" };
    const request = http.request(new URL(path, origin), { method: "POST", headers, agent }, (response) => {
      const parts: Buffer[] = [];
      response.on("data", (part: Buffer) => parts.push(part));
      response.on("end", () => resolve({ status: String(response.statusCode), text: Buffer.concat(parts).toString("utf8") }));
    });
    request.on("error", (error: NodeJS.ErrnoException) => resolve({ status: `error ${error.code ?? error.message}`, text: "" }));
    request.end("{}");
  });
}
