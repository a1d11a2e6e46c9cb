/**
 * The two things the edge cache asks of the site to show a cached public page to a signed-in
 * devotee (app/lib/edge-cache/devotee-pages.server.ts): who is signed in (the same read as
 * the root loader's) and the header React renders for them (the same `SiteHeader` as every
 * page's, rendered on its own by a static router).
 */
import { renderToString } from "react-dom/server";
import { createStaticHandler, createStaticRouter, RouterContextProvider, StaticRouterProvider } from "react-router";
import { SiteHeader } from "~/components/site-header";
import type { DevoteeHeaders } from "~/lib/edge-cache/devotee-pages.server";
import type { PersonalHeader } from "~/lib/edge-cache/personal-header";
import { requestStateContext, workerContext } from "~/lib/context.server";
import { readPersonalHeader } from "~/web/personal-header.server";
import { openRequestState } from "~/web/request-state.server";

/** The header React renders for this devotee on this address. */
export async function renderPersonalHeader(request: Request, personal: PersonalHeader): Promise<string> {
  const handler = createStaticHandler([{ id: "root", path: "*", loader: () => personal, Component: SiteHeader }]);
  const context = await handler.query(new Request(request.url));
  if (context instanceof Response) throw new Error("The header route answered with a response");
  const router = createStaticRouter(handler.dataRoutes, context);
  return renderToString(<StaticRouterProvider router={router} context={context} hydrate={false} />);
}

export function devoteeHeaders(env: Env, ctx: ExecutionContext): DevoteeHeaders {
  return {
    read(request) {
      const context = new RouterContextProvider();
      context.set(workerContext, { env, ctx });
      context.set(requestStateContext, openRequestState(env, request).state);
      return readPersonalHeader(context);
    },
    render: renderPersonalHeader,
  };
}
