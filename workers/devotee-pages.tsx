/**
 * Public pages for signed-in devotees, from the edge cache. A page that reads nothing of the
 * visitor (`sharedPageHeaders`) differs for a devotee only in its header: their name, their
 * cart, their desk. So the Worker takes the stored public copy and puts on it the header
 * React renders for this devotee, with the same components as a full render, instead of
 * rendering the whole page again for every signed-in request.
 *
 * The browser hydrates that page against the public page's root loader data; the header's
 * personal bits come along as a JSON data block in the head (`usePersonalHeader` reads it),
 * so hydration sees the markup the server sent. The answer is private and never stored.
 */
import { renderToString } from "react-dom/server";
import { createStaticHandler, createStaticRouter, RouterContextProvider, StaticRouterProvider } from "react-router";
import { SiteHeader } from "~/components/site-header";
import { PERSONAL_HEADER_ID, type PersonalHeader } from "~/web/personal-header";
import { requestStateContext, workerContext } from "~/lib/context.server";
import { readPersonalHeader } from "~/web/personal-header.server";
import { openRequestState } from "~/web/request-state.server";

/** The header React renders for this devotee on this address (the same component as every page's). */
export async function renderPersonalHeader(request: Request, personal: PersonalHeader): Promise<string> {
  const handler = createStaticHandler([{ id: "root", path: "*", loader: () => personal, Component: SiteHeader }]);
  const context = await handler.query(new Request(request.url));
  if (context instanceof Response) throw new Error("The header route answered with a response");
  const router = createStaticRouter(handler.dataRoutes, context);
  return renderToString(<StaticRouterProvider router={router} context={context} hydrate={false} />);
}

/**
 * Headers rendered lately, by address and what they show (never by who the devotee is: two
 * devotees with the same first name, cart count and desk see the same header). Rendering is
 * pure, so a kept header is the one React would render again; the oldest go first.
 */
const renderedHeaders = new Map<string, string>();
const HEADERS_KEPT = 200;

async function headerFor(request: Request, personal: PersonalHeader): Promise<string> {
  const shown = { signedIn: Boolean(personal.customer), firstName: personal.customer?.firstName, cartCount: personal.cartCount, staffHome: personal.staffHome };
  const key = `${request.url}\n${JSON.stringify(shown)}`;
  const kept = renderedHeaders.get(key);
  if (kept !== undefined) return kept;
  const header = await renderPersonalHeader(request, personal);
  if (renderedHeaders.size >= HEADERS_KEPT) renderedHeaders.delete(renderedHeaders.keys().next().value!);
  renderedHeaders.set(key, header);
  return header;
}

/** A data block is never run; `<` is escaped so no text in it can close the element. */
function dataBlock(personal: PersonalHeader): string {
  return `<script type="application/json" id="${PERSONAL_HEADER_ID}">${JSON.stringify(personal).replaceAll("<", "\\u003c")}</script>`;
}

/**
 * The stored public `page` for the devotee signed in on `request`, or null (after letting
 * the copy go) when no live session is there: the page is then rendered in full.
 */
export async function devoteePage(request: Request, env: Env, ctx: ExecutionContext, page: Response): Promise<Response | null> {
  const context = new RouterContextProvider();
  context.set(workerContext, { env, ctx });
  context.set(requestStateContext, openRequestState(env, request).state);
  const personal = await readPersonalHeader(context);
  if (!personal) {
    await page.body?.cancel();
    return null;
  }
  const header = await headerFor(request, personal);
  let headerReplaced = false;
  const composed = new HTMLRewriter()
    .on("head", { element: (head) => void head.append(dataBlock(personal), { html: true }) })
    .on("header.site-header", {
      element: (element) => {
        if (headerReplaced) return;
        headerReplaced = true;
        element.replace(header, { html: true });
      },
    })
    .transform(page);
  return new Response(composed.body, { status: page.status, headers: new Headers(page.headers) });
}
