/**
 * React Router: the server build, loaded once per isolate, and its request handler, made once
 * from it (handed the build as a function, React Router derives its routes and static handler
 * anew on every request). Each request gets its own context with the Worker's env and ctx.
 */
import { createRequestHandler, RouterContextProvider } from "react-router";
import { workerContext } from "~/lib/context.server";

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
let pageHandler: ReturnType<typeof createRequestHandler> | undefined;

/** The build that renders the pages (its assets' version names its hashed files). */
export async function buildVersion(): Promise<string> {
  return (await serverBuild()).assets.version;
}

/** `request` answered by React Router (a page, a form post, a data request). */
export async function renderPage(request: Request, env: Env, ctx: ExecutionContext): Promise<Response> {
  pageHandler ??= createRequestHandler(await serverBuild(), import.meta.env.MODE);
  const context = new RouterContextProvider();
  context.set(workerContext, { env, ctx });
  return pageHandler(request, context);
}
