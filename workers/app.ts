/**
 * The Worker entry: it mounts modules and decides nothing itself. The legacy API, the
 * payment gateway's and the phone providers' calls come first (signed or token-bound, before the pages' CSRF check),
 * then the waiting room's status, the autocomplete and the sites on other hosts, then the pages (pages.ts).
 */
import { Hono } from "hono";
import { envForRequest } from "~/lib/local-switches.server";
import { securityHeaders } from "~/lib/security-headers.server";
import { afterRequest } from "./after-request";
import { compat } from "./compat";
import { unhandledError } from "./errors";
import { pages } from "./pages";
import { payments } from "./payments";
import { notificationHandlers, phoneWebhooks } from "./phone-webhooks";
import { queue } from "./queue";
import { scheduled } from "./scheduled";
import { siteHosts } from "./sites";
import { suggest } from "./suggest";
import { waitingRoom } from "./waiting-room";

// Durable Object classes the Worker hosts (wrangler.toml binds them).
export { WaitingRoom } from "~/domain/bookings/seats/waiting-room.server";

const app = new Hono<{ Bindings: Env }>();
app.use(async (c, next) => {
  await next();
  securityHeaders(c.res.headers, new URL(c.req.url));
});
/** A bare text route: the baseline of `npm run bench` and a health check. */
app.get("/healthz", (c) => c.text("ok"));
app.route("/", compat);
app.route("/", payments);
// The phone providers' webhooks: statuses move messages' rows forward, a STOP withdraws WhatsApp consent.
app.route("/", phoneWebhooks(notificationHandlers));
app.route("/", waitingRoom);
// The autocomplete, asked at every keystroke: JSON without React Router, behind the same edge cache.
app.route("/", suggest);
app.use(siteHosts);
app.route("/", pages);
app.onError(unhandledError);

export default {
  // Local-only switches (MAIL_MODE=local) count only for requests to a loopback host.
  async fetch(request, env, ctx) {
    return afterRequest(request, await app.fetch(request, envForRequest(env, request.url), ctx));
  },
  scheduled,
  // Every message's sending (workers/queue.ts): the queue's consumer is this Worker.
  queue,
} satisfies ExportedHandler<Env>;
