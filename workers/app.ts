import { Hono } from "hono";
import { createRequestHandler, RouterContextProvider } from "react-router";
import { isCrossSiteStateChange } from "~/lib/csrf.server";
import type { DevoteeHeaders } from "~/lib/edge-cache/devotee-pages.server";
import { withEdgeCache } from "~/lib/edge-cache/index.server";
import { forgetContentVersion } from "~/lib/edge-cache/versions.server";
import { carriesDevoteeView, clearedDevoteeViewCookie } from "~/lib/edge-cache/devotee-view.server";
import { workerContext } from "~/lib/context.server";
import { envForRequest } from "~/lib/local-switches.server";
import { requestLocale, withLocale } from "~/lib/locale.server";
import { discardBody } from "~/lib/request-body.server";
import { withSetCookie } from "~/lib/session.server";
import { securityHeaders } from "~/lib/security-headers.server";
import { compat } from "./compat";
import { payments } from "./payments";
import { scheduled } from "./scheduled";
import { siteHosts } from "./sites";
import { waitingRoom } from "./waiting-room";

// Durable Object classes the Worker hosts (wrangler.toml binds them).
export { WaitingRoom } from "~/domain/bookings/waiting-room.server";

/** Imports a module once per isolate: an import() per request costs CPU even when the module is loaded. */
function importOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let loaded: Promise<T> | undefined;
  return () =>
    (loaded ??= load().catch((error: unknown) => {
      loaded = undefined;
      throw error;
    }));
}

const serverBuild = importOnce(() => import("virtual:react-router/server-build"));
// The site's header and pages' devotee parts for signed-in devotees (tests of the legacy API run without pages).
const devoteeHeader = importOnce(() => import("./devotee-header"));
let pageHandler: ReturnType<typeof createRequestHandler> | undefined;

/**
 * React Router's request handler, made once per isolate from the loaded build: handed the
 * build as a function, React Router derives its routes and static handler anew on every request.
 */
async function requestHandler(request: Request, context: RouterContextProvider): Promise<Response> {
  pageHandler ??= createRequestHandler(await serverBuild(), import.meta.env.MODE);
  return pageHandler(request, context);
}

const app = new Hono<{ Bindings: Env }>();

app.use(async (c, next) => {
  await next();
  securityHeaders(c.res.headers, new URL(c.req.url));
});

/** A bare text route: the baseline of `npm run bench` and a health check. */
app.get("/healthz", (c) => c.text("ok"));

app.route("/", compat);
// Gateway callbacks are signed, not session-bound: they sit before the CSRF check.
app.route("/", payments);
// The waiting room's live status: signed tickets, no session (workers/waiting-room.ts).
app.route("/", waitingRoom);
// The packages origin's and temples' own hosts start at their sites.
app.use(siteHosts);

// Every other request (pages, form posts, data requests) goes to React Router.
app.all("*", async (c) => {
  if (isCrossSiteStateChange(c.req.raw)) {
    return c.text("Cross-site form submissions are not accepted.", 403);
  }
  // The language is the address's; an address without one follows the visitor's choice.
  const { locale, redirectTo } = requestLocale(c.req.raw);
  if (redirectTo) {
    return new Response(null, {
      status: 302,
      headers: { Location: redirectTo, Vary: "Cookie, Accept-Language", "Cache-Control": "private, no-store" },
    });
  }
  // The edge cache (app/lib/edge-cache): public pages that opt in come from the Cache API under
  // their address (which carries the language), the content version and the build; a signed-in
  // devotee gets a page devotees share from the same copy, under the header the site draws for them.
  const build = (await serverBuild()).assets.version;
  const ctx = c.executionCtx as ExecutionContext;
  let site: Promise<DevoteeHeaders> | undefined;
  const devoteeSite = () => (site ??= devoteeHeader().then((module) => module.devoteeHeaders(c.env, ctx)));
  const devotees: DevoteeHeaders = {
    read: async (request, part) => (await devoteeSite()).read(request, part),
    render: async (request, personal) => (await devoteeSite()).render(request, personal),
    part: async (part, request, personal) => (await devoteeSite()).part?.(part, request, personal) ?? null,
    keep: async (request) => (await devoteeSite()).keep?.(request) ?? null,
    toast: async (request) => (await devoteeSite()).toast?.(request) ?? null,
  };
  return withLocale(locale, () =>
    withEdgeCache(c.req.raw, { ctx, db: c.env.DB, build, devotees }, (request) => {
      // The request being answered, or a visitor's for the public copy of a page devotees share.
      const context = new RouterContextProvider();
      context.set(workerContext, { env: c.env, ctx });
      return requestHandler(request, context);
    }),
  );
});

app.onError((error, c) => {
  console.error("Unhandled error", error instanceof Error ? error.message : "unknown");
  if (c.req.path.startsWith("/api/") || c.req.method !== "GET") {
    return c.json({ Status: "Failed", error: "server_error", message: "Something went wrong" }, 500);
  }
  return c.text("Something went wrong. Please try again in a moment.", 500);
});

export default {
  // Local-only switches (MAIL_MODE=local) count only for requests to a loopback host.
  async fetch(request, env, ctx) {
    let response = await app.fetch(request, envForRequest(env, request.url), ctx);
    // Whatever a request may have written (a form, the legacy API, a gateway's callback), what
    // this isolate remembers of D1 (the content version, a temple's seats) is read again after it.
    if (request.method !== "GET" && request.method !== "HEAD") {
      forgetContentVersion();
      // The devotee's view cookie is dropped: what they just changed shows on the next page.
      if (carriesDevoteeView(request)) response = withSetCookie(response, clearedDevoteeViewCookie(new URL(request.url)));
    }
    // A body nobody read (a refused, forbidden or redirected post) is read to its end and
    // dropped before the answer goes (cancelled past a bound): answering with it unread
    // makes workerd close the connection, and the client can lose the answer to a reset.
    await discardBody(request);
    return response;
  },
  scheduled,
} satisfies ExportedHandler<Env>;
