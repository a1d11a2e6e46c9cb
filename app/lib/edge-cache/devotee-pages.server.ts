/**
 * Public pages for signed-in devotees, from the stored public copy. A page that reads nothing
 * of the visitor (`sharedPageHeaders`) differs for a devotee only in its header: their name,
 * their cart, their desk. So the cache takes the stored copy and puts on it the header the
 * site renders for this devotee (the Worker hands in how: workers/devotee-header.tsx) instead
 * of rendering the whole page again for every signed-in request.
 *
 * The browser hydrates that page against the public page's root loader data; the header's
 * personal bits come along as a JSON data block in the head (`usePersonalHeader` reads it),
 * so hydration sees the markup the server sent. The answer is private and never stored.
 */
import { PERSONAL_HEADER_ID, type PersonalHeader } from "./personal-header";

/** What the site knows that the cache does not: who is signed in, and their header's markup. */
export interface DevoteeHeaders {
  /** The signed-in devotee's header, or null when no live session is there. */
  read(request: Request): Promise<PersonalHeader | null>;
  /** The header's HTML for this devotee on this address (the same component as every page's). */
  render(request: Request, personal: PersonalHeader): Promise<string>;
}

/**
 * Headers rendered lately, by address and what they show (never by who the devotee is: two
 * devotees with the same first name, cart count and desk see the same header). Rendering is
 * pure, so a kept header is the one the site would render again; the oldest go first.
 */
const renderedHeaders = new Map<string, string>();
const HEADERS_KEPT = 200;

async function headerFor(request: Request, personal: PersonalHeader, headers: DevoteeHeaders): Promise<string> {
  const shown = {
    signedIn: Boolean(personal.customer),
    firstName: personal.customer?.firstName,
    cartCount: personal.cartCount,
    staffHome: personal.staffHome,
  };
  const key = `${request.url}\n${JSON.stringify(shown)}`;
  const kept = renderedHeaders.get(key);
  if (kept !== undefined) return kept;
  const header = await headers.render(request, personal);
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
export async function devoteePage(request: Request, page: Response, headers: DevoteeHeaders): Promise<Response | null> {
  const personal = await headers.read(request);
  if (!personal) {
    await page.body?.cancel();
    return null;
  }
  const header = await headerFor(request, personal, headers);
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
