/**
 * Every route the Worker's Hono modules add before the pages can be served by Hono's RegExp
 * router (one compiled match per request), not its slower trie router: Hono's default router
 * falls back to the trie for the whole app as soon as one path is one the RegExp router cannot
 * order (e.g. a `/:lang/…` parameter beside `/t/:slug/…`), and then every request pays for it.
 */
import { Hono } from "hono";
import { RegExpRouter } from "hono/router/reg-exp-router";
import { describe, expect, it } from "vitest";
import { compat } from "../../workers/compat";
import { payments } from "../../workers/payments";
import { notificationHandlers, phoneWebhooks } from "../../workers/phone-webhooks";
import { suggest } from "../../workers/suggest";
import { waitingRoom } from "../../workers/waiting-room";

describe("the Worker's routes", () => {
  it("are all served by Hono's RegExp router", async () => {
    const app = new Hono({ router: new RegExpRouter() });
    app.get("/healthz", (c) => c.text("ok"));
    expect(() => {
      app.route("/", compat);
      app.route("/", payments);
      app.route("/", phoneWebhooks(notificationHandlers));
      app.route("/", waitingRoom);
      app.route("/", suggest);
    }).not.toThrow();
    // And the router answers: a first request compiles the routes (an unsupported path throws here).
    expect((await app.request("/healthz")).status).toBe(200);
  });
});
