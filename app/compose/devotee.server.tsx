/**
 * What composing a cached public page for a signed-in devotee asks of the site (page.server.ts):
 * who is signed in (the same read as the root loader's), the header React renders for them
 * (the same `SiteHeader` as every page's, rendered on its own by a static router), a page's
 * own devotee part (drawn by whoever parts.server.ts names for it), and the devotee's view
 * cookie for the next pages.
 */
import { renderToString } from "react-dom/server";
import { createStaticHandler, createStaticRouter, RouterContextProvider, StaticRouterProvider } from "react-router";
import { SiteHeader } from "~/components/layout/site-header";
import { ToastList } from "~/components/layout/toaster";
import { type RequestState, requestStateContext, workerContext } from "~/lib/context.server";
import { type Role, staffHome } from "~/domain/accounts/roles";
import { type DevoteeCard, devoteeCardFrom, devoteeCardStatements } from "~/domain/bookings/cart/devotee-details.server";
import { readCookie, readSessionId } from "~/lib/session.server";
import { readToast, TOAST_COOKIE } from "~/lib/toast.server";
import { type PersonalHeader, readPersonalHeader } from "~/web/personal-header.server";
import { openRequestState } from "~/web/request-state.server";
import type { DevoteeHeaders, PageToast } from "./page.server";
import { devoteeParts } from "./parts.server";
import { devoteeViewCookie, openDevoteeView, sealDevoteeView } from "./view-cookie.server";

/** The header React renders for this devotee on this address. */
export async function renderPersonalHeader(request: Request, personal: PersonalHeader): Promise<string> {
  const handler = createStaticHandler([{ id: "root", path: "*", loader: () => personal, Component: SiteHeader }]);
  const context = await handler.query(new Request(request.url));
  if (context instanceof Response) throw new Error("The header route answered with a response");
  const router = createStaticRouter(handler.dataRoutes, context);
  return renderToString(<StaticRouterProvider router={router} context={context} hydrate={false} />);
}

/** Doing nothing: a toast drawn on the server is dismissed in the browser. */
const noDismiss = () => {};

/**
 * The toast a request carries (the flash cookie a form post left), drawn by the toaster's own
 * list, with the line that clears the cookie; null without one, or one the site did not sign.
 */
export async function drawPageToast(request: Request, secret: string): Promise<PageToast | null> {
  if (readCookie(request.headers.get("cookie"), TOAST_COOKIE) === null) return null;
  const { toast, headers } = await readToast(request, secret);
  if (!toast || !headers) return null;
  return {
    html: renderToString(<ToastList entries={[{ ...toast, id: 0 }]} onDismiss={noDismiss} />),
    json: JSON.stringify(toast),
    clear: headers["Set-Cookie"],
  };
}

/** What pages composed for a devotee show of them: sealed in their view cookie (view-cookie.server.ts). */
export interface DevoteeView extends DevoteeCard {
  customerId: number;
  firstName: string;
  role: Role;
  cartCount: number;
  unseenCount: number;
}

/** The header's personal bits from a devotee's view. */
function headerFrom(view: DevoteeView): PersonalHeader {
  return {
    customer: { id: view.customerId, firstName: view.firstName },
    cartCount: view.cartCount,
    unseenCount: view.unseenCount,
    staffHome: staffHome(view.role),
  };
}

/** One request as the site opened it: its state, and the devotee as read or as their view cookie had it. */
interface Opened {
  request: Request;
  state: RequestState;
  sessionId: string | null;
  /** The view the request's cookie carried (nothing read for the devotee). */
  view?: DevoteeView;
  /** Read with the session: their header and their card (null: too big for a card, the part reads per temple). */
  read?: Promise<{ personal: PersonalHeader | null; card: { customerId: number; card: DevoteeCard | null } | null }>;
}

/**
 * What composing asks of the site for one request: who is signed in, their header, a page's
 * devotee part (a name parts.server.ts does not know draws nothing, so that page is rendered
 * in full) and the view cookie that spares the next pages the reads (view-cookie.server.ts).
 * The request's state (env, D1 session, the session read) is opened once.
 */
export function devoteeHeaders(env: Env, ctx: ExecutionContext): DevoteeHeaders {
  let opened: Opened | undefined;
  const openedFor = (request: Request): Opened => {
    if (opened?.request !== request) {
      const { state } = openRequestState(env, request);
      opened = { request, state, sessionId: readSessionId(request) };
    }
    return opened;
  };
  return {
    async read(request) {
      const here = openedFor(request);
      if (!here.sessionId) return null;
      const view = await openDevoteeView<DevoteeView>(request, here.state.env.config.SESSION_SECRET, here.sessionId);
      if (view) {
        here.view = view;
        return headerFrom(view);
      }
      // The devotee's card is read in the session's own D1 batch.
      let customerId = 0;
      const card = here.state
        .alongsideSession((db, id) => {
          customerId = id;
          return [...devoteeCardStatements(db, id)];
        })
        .then((rows) => (rows ? { customerId, card: devoteeCardFrom(rows) } : null));
      const context = new RouterContextProvider();
      context.set(workerContext, { env, ctx });
      context.set(requestStateContext, here.state);
      here.read = Promise.all([readPersonalHeader(context), card]).then(([personal, read]) => ({ personal, card: read }));
      return (await here.read).personal;
    },
    render: renderPersonalHeader,
    toast: (request) => drawPageToast(request, openedFor(request).state.env.config.SESSION_SECRET),
    async part(part, request, personal) {
      const draw = devoteeParts.get(part);
      if (!draw) return null;
      const here = openedFor(request);
      const card = async () => {
        if (here.view) return { customerId: here.view.customerId, card: viewCard(here.view) };
        const read = (await here.read)?.card;
        return read?.card ? { customerId: read.customerId, card: read.card } : null;
      };
      return draw({ state: here.state, request, personal, card: card() });
    },
    async keep(request) {
      const here = openedFor(request);
      if (here.view || !here.read || !here.sessionId) return null;
      const { personal, card } = await here.read;
      const session = await here.state.session();
      // Sealed only for the devotee the rows were read for, and only when all of it fits a card.
      if (!personal?.customer || !session || !card?.card || card.customerId !== session.customer.id) return null;
      const sealed = await sealDevoteeView<DevoteeView>(here.state.env.config.SESSION_SECRET, here.sessionId, {
        customerId: session.customer.id,
        firstName: session.customer.firstName,
        role: session.customer.role,
        cartCount: personal.cartCount,
        unseenCount: personal.unseenCount,
        ...card.card,
      });
      return sealed ? devoteeViewCookie(sealed, new URL(request.url)) : null;
    },
  };
}

/** The card part of a devotee's view. */
function viewCard({ addresses, profileAddress, savedPan, favourites, savedPeople }: DevoteeView): DevoteeCard {
  return { addresses, profileAddress, savedPan, favourites, savedPeople };
}
