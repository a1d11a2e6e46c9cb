/**
 * The temple desk and the operator console are guarded by their layouts' middleware, not
 * by each screen: a route added under either layout, with no check of its own, is refused
 * to visitors and devotees and opens for staff and operators. A router is built here from
 * the middleware the root and layout modules export (requestStateMiddleware,
 * templeDeskGuard, operatorConsoleGuard) plus a new child screen; the built route table is
 * checked to put every desk and console route under those layouts. Also: the built Worker's
 * refusal pages keep their wording, and one desk page reads the signed-in role once,
 * however many loaders run.
 */
import builtWorker from "@sannidhi/built-worker";
import { routes as builtRoutes } from "@sannidhi/built-server-build";
import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { createStaticHandler, type MiddlewareFunction, type RouteObject, RouterContextProvider } from "react-router";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { workerContext } from "~/lib/context.server";
import { requestStateMiddleware } from "~/web/request-state.server";
import { operatorAccess, operatorConsoleGuard, templeDeskAccess, templeDeskGuard } from "~/web/role-guards.server";
import { ORIGIN, pageText, TestBrowser } from "../support/browser";
import { demoBrowser } from "../support/bookings";
import { OPERATOR, signedIn, STAFF_A, STAFF_B, templeOf } from "../support/staff";

/** What the new screens' loaders and actions ran for: nothing, whenever the guard refuses. */
let reached: string[] = [];

/** A screen someone adds under a layout tomorrow: it reads what the guard found and checks nothing itself. */
function newScreen(id: string, seen: (context: Readonly<RouterContextProvider>) => unknown): RouteObject {
  return {
    id,
    path: "new-screen",
    loader: ({ context }) => {
      reached.push(`${id} loader`);
      return { seen: seen(context) };
    },
    action: ({ context }) => {
      reached.push(`${id} action`);
      return { seen: seen(context) };
    },
  };
}

/** Route objects type middleware for any result; on the server (as here) it yields Responses. */
const serverMiddleware = (middleware: MiddlewareFunction<Response>[]) => middleware as MiddlewareFunction[];

// The shape of app/routes.ts: root > desk/:templeId layout and operator layout, as the modules export them.
const handler = createStaticHandler([
  {
    id: "root",
    path: "/",
    middleware: serverMiddleware([requestStateMiddleware]),
    loader: () => null,
    children: [
      {
        id: "routes/desk-layout",
        path: "desk/:templeId",
        middleware: serverMiddleware(templeDeskGuard),
        children: [newScreen("desk-screen", (context) => templeDeskAccess(context).templeId)],
      },
      {
        id: "routes/operator-layout",
        path: "operator",
        middleware: serverMiddleware(operatorConsoleGuard),
        children: [newScreen("console-screen", (context) => operatorAccess(context).email)],
      },
    ],
  },
]);

function requestFor(path: string, browser: TestBrowser, method: "GET" | "POST") {
  return new Request(`${ORIGIN}${path}`, {
    method,
    headers: { cookie: browser.cookieHeader(), "content-type": "application/x-www-form-urlencoded" },
    body: method === "POST" ? new URLSearchParams({ intent: "save" }) : undefined,
  });
}

/** What the Worker entry hands React Router for each request. */
function workerRequestContext() {
  const context = new RouterContextProvider();
  context.set(workerContext, { env, ctx: createExecutionContext() });
  return context;
}

/** The new screen's loader (GET) or action (POST), as React Router answers a data or resource request. */
function callScreen(path: string, browser: TestBrowser, method: "GET" | "POST" = "GET") {
  const request = requestFor(path, browser, method);
  return handler.queryRoute(request, {
    requestContext: workerRequestContext(),
    generateMiddlewareResponse: (queryRoute) => queryRoute(request),
  });
}

/** The new screen as a document request, where every matched loader would run: its status. */
async function openPage(path: string, browser: TestBrowser) {
  const request = requestFor(path, browser, "GET");
  const response = await handler.query(request, {
    requestContext: workerRequestContext(),
    generateMiddlewareResponse: async (query) => {
      const result = await query(request);
      return result instanceof Response ? result : new Response(null, { status: result.statusCode });
    },
  });
  return (response as Response).status;
}

let templeA: number;
let templeB: number;
let visitor: TestBrowser;
let devotee: TestBrowser;
let staff: TestBrowser;
let operator: TestBrowser;

beforeAll(async () => {
  templeA = await templeOf(STAFF_A.email);
  templeB = await templeOf(STAFF_B.email);
  visitor = new TestBrowser();
  devotee = await demoBrowser();
  staff = await signedIn(STAFF_A);
  operator = await signedIn(OPERATOR);
});

beforeEach(() => {
  reached = [];
});

const loginFor = (path: string) => `/login?${new URLSearchParams({ redirectTo: path })}`;
const STAFF_ONLY = { message: "This page is for temple staff and portal operators." };

describe("a new route under the desk layout", () => {
  it("sends a visitor to the login page; its loader and action never run", async () => {
    const path = `/desk/${templeA}/new-screen`;
    for (const response of [await callScreen(path, visitor), await callScreen(path, visitor, "POST")]) {
      expect(response.status).toBe(302);
      expect(response.headers.get("location")).toBe(loginFor(path));
    }
    expect(await openPage(path, visitor)).toBe(302);
    expect(reached).toEqual([]);
  });

  it("refuses a signed-in devotee (403); its loader and action never run", async () => {
    const path = `/desk/${templeA}/new-screen`;
    for (const response of [await callScreen(path, devotee), await callScreen(path, devotee, "POST")]) {
      expect(response.status).toBe(403);
      expect(await response.json()).toEqual(STAFF_ONLY);
    }
    expect(await openPage(path, devotee)).toBe(403);
    expect(reached).toEqual([]);
  });

  it("opens for the temple's staff and hides every other temple from them (404)", async () => {
    expect((await callScreen(`/desk/${templeB}/new-screen`, staff)).status).toBe(404);
    expect((await callScreen(`/desk/${templeB}/new-screen`, staff, "POST")).status).toBe(404);
    expect(await openPage(`/desk/${templeB}/new-screen`, staff)).toBe(404);
    expect(reached).toEqual([]);
    const page = await callScreen(`/desk/${templeA}/new-screen`, staff);
    expect(page.status).toBe(200);
    expect(await page.json()).toEqual({ seen: templeA });
    expect((await callScreen(`/desk/${templeA}/new-screen`, staff, "POST")).status).toBe(200);
    expect(await openPage(`/desk/${templeA}/new-screen`, staff)).toBe(200);
    expect(reached).toEqual(["desk-screen loader", "desk-screen action", "desk-screen loader"]);
  });

  it("opens for the operator at any temple", async () => {
    for (const templeId of [templeA, templeB]) {
      const page = await callScreen(`/desk/${templeId}/new-screen`, operator);
      expect(page.status).toBe(200);
      expect(await page.json()).toEqual({ seen: templeId });
    }
    expect((await callScreen("/desk/999999/new-screen", operator)).status).toBe(404);
  });
});

describe("a new route under the operator layout", () => {
  it("sends a visitor to the login page and refuses devotees and temple staff (403); its loader and action never run", async () => {
    const path = "/operator/new-screen";
    for (const response of [await callScreen(path, visitor), await callScreen(path, visitor, "POST")]) {
      expect(response.status).toBe(302);
      expect(response.headers.get("location")).toBe(loginFor(path));
    }
    for (const browser of [devotee, staff]) {
      for (const response of [await callScreen(path, browser), await callScreen(path, browser, "POST")]) {
        expect(response.status).toBe(403);
        expect(await response.json()).toEqual(STAFF_ONLY);
      }
      expect(await openPage(path, browser)).toBe(403);
    }
    expect(reached).toEqual([]);
  });

  it("opens for the operator", async () => {
    const page = await callScreen("/operator/new-screen", operator);
    expect(page.status).toBe(200);
    expect(await page.json()).toEqual({ seen: OPERATOR.email });
    expect((await callScreen("/operator/new-screen", operator, "POST")).status).toBe(200);
    expect(reached).toEqual(["console-screen loader", "console-screen action"]);
  });
});

describe("the refusal pages of the built Worker", () => {
  it("tell a devotee the desk and console are for staff (403) and hide other temples from staff (404), never stored", async () => {
    for (const [browser, path, status, heading] of [
      [devotee, `/desk/${templeA}/bookings`, 403, "Not available for your account"],
      [staff, "/operator/temples", 403, "Not available for your account"],
      [staff, `/desk/${templeB}/bookings`, 404, "Page not found"],
    ] as const) {
      const response = await browser.get(path);
      expect(response.status, path).toBe(status);
      expect(response.headers.get("cache-control"), path).toBe("private, no-store");
      expect(await pageText(response), path).toContain(heading);
    }
  });
});

describe("the built route table", () => {
  /** A route's path as English addresses show it (the language layout's optional `:lang?` left out). */
  const fullPath = (id: string): string => {
    const route = builtRoutes[id]!;
    const own = route.path === ":lang?" ? "" : (route.path ?? "");
    return route.parentId ? [fullPath(route.parentId), own].filter(Boolean).join("/") : own;
  };
  const ancestors = (id: string): string[] => {
    const parentId = builtRoutes[id]!.parentId;
    return parentId ? [parentId, ...ancestors(parentId)] : [];
  };

  it("runs the request-state middleware at the root and the guards at both layouts", () => {
    expect(builtRoutes.root?.module.middleware).toHaveLength(1);
    expect(builtRoutes["routes/desk-layout"]?.module.middleware).toHaveLength(templeDeskGuard.length);
    expect(builtRoutes["routes/operator-layout"]?.module.middleware).toHaveLength(operatorConsoleGuard.length);
  });

  it("puts every route under desk/:templeId and operator below its guarded layout", () => {
    const guarded = Object.keys(builtRoutes).filter((id) => /^(desk\/:templeId|operator)(\/|$)/.test(fullPath(id)));
    expect(guarded.length).toBeGreaterThan(15);
    for (const id of guarded) {
      const layout = fullPath(id).startsWith("desk/") ? "routes/desk-layout" : "routes/operator-layout";
      expect(id === layout || ancestors(id).includes(layout), `${id} (${fullPath(id)})`).toBe(true);
    }
  });
});

describe("request state", () => {
  /** The test D1 binding, counting the statements that read someone's temple links (the role lookup). */
  function countingRoleLookups() {
    const counter = { roleLookups: 0 };
    // The binding and the D1 sessions opened on it (pages read through a session: d1-session.server).
    const counting = <T extends object>(d1: T): T =>
      new Proxy(d1, {
        get(target, key) {
          if (key === "prepare") {
            return (sql: string) => {
              if (/from "temple_staff" where "temple_staff"\."customer_id"/.test(sql)) counter.roleLookups += 1;
              return (target as unknown as D1Database).prepare(sql);
            };
          }
          if (key === "withSession")
            return (...args: unknown[]) => counting((target as unknown as D1Database).withSession(...(args as [string])));
          const value: unknown = Reflect.get(target, key, target);
          return typeof value === "function" ? value.bind(target) : value;
        },
      });
    return { counter, workerEnv: { ...env, DB: counting(env.DB) } as Env };
  }

  it("reads the signed-in role once for a whole desk page (root, layout and screen loaders)", async () => {
    const { counter, workerEnv } = countingRoleLookups();
    const send = async (request: Request) => {
      counter.roleLookups = 0;
      const ctx = createExecutionContext();
      const response = await builtWorker.fetch(request, workerEnv, ctx);
      await waitOnExecutionContext(ctx);
      return response;
    };
    for (const path of [`/desk/${templeA}`, `/desk/${templeA}/bookings`, `/desk/${templeA}/messages`, `/operator/temples`]) {
      const browser = path.startsWith("/operator") ? operator : staff;
      expect((await send(requestFor(path, browser, "GET"))).status, path).toBe(200);
      expect(counter.roleLookups, path).toBe(1);
    }
  });
});
