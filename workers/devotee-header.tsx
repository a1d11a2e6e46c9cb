/**
 * What the edge cache asks of the site to show a cached public page to a signed-in devotee
 * (app/lib/edge-cache/devotee-pages.server.ts): who is signed in (the same read as the root
 * loader's), the header React renders for them (the same `SiteHeader` as every page's,
 * rendered on its own by a static router), and a page's own devotee part (a temple site's:
 * devotee-temple-site.tsx).
 */
import { renderToString } from "react-dom/server";
import { createStaticHandler, createStaticRouter, RouterContextProvider, StaticRouterProvider } from "react-router";
import { SiteHeader } from "~/components/site-header";
import type { DevoteeHeaders } from "~/lib/edge-cache/devotee-pages.server";
import type { PersonalHeader } from "~/lib/edge-cache/personal-header";
import { TEMPLE_SITE_PART } from "~/components/temple-site-booking";
import { type RequestState, requestStateContext, workerContext } from "~/lib/context.server";
import { readPersonalHeader } from "~/web/personal-header.server";
import { openRequestState } from "~/web/request-state.server";
import { drawTempleSitePart, readTempleSiteDevotee, type TempleSiteDevotee } from "./devotee-temple-site";

/** The header React renders for this devotee on this address. */
export async function renderPersonalHeader(request: Request, personal: PersonalHeader): Promise<string> {
  const handler = createStaticHandler([{ id: "root", path: "*", loader: () => personal, Component: SiteHeader }]);
  const context = await handler.query(new Request(request.url));
  if (context instanceof Response) throw new Error("The header route answered with a response");
  const router = createStaticRouter(handler.dataRoutes, context);
  return renderToString(<StaticRouterProvider router={router} context={context} hydrate={false} />);
}

/**
 * What the edge cache asks of the site for one request: who is signed in, their header, and
 * a page's devotee part (the temple site's; any other name draws nothing, so that page is
 * rendered in full). The request's state (env, D1 session, the session read) is opened once.
 */
export function devoteeHeaders(env: Env, ctx: ExecutionContext): DevoteeHeaders {
  let opened: { request: Request; state: RequestState; templeSite?: Promise<TempleSiteDevotee | null> } | undefined;
  const openedFor = (request: Request) => {
    if (opened?.request !== request) opened = { request, state: openRequestState(env, request).state };
    return opened;
  };
  return {
    read(request, part) {
      const here = openedFor(request);
      // A temple site's devotee side is read in the session's own D1 batch.
      if (part === TEMPLE_SITE_PART) here.templeSite = readTempleSiteDevotee(here.state, request);
      const context = new RouterContextProvider();
      context.set(workerContext, { env, ctx });
      context.set(requestStateContext, here.state);
      return readPersonalHeader(context);
    },
    render: renderPersonalHeader,
    async part(part, request, personal) {
      if (part !== TEMPLE_SITE_PART) return null;
      const { state, templeSite } = openedFor(request);
      return drawTempleSitePart(state, request, personal, templeSite ?? readTempleSiteDevotee(state, request));
    },
  };
}
