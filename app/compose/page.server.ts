/**
 * Public pages for signed-in devotees, from the stored public copy (README.md here). A page
 * that reads nothing of the visitor (`sharedPageHeaders`) differs for a devotee only in its
 * header: their name, their cart, their desk. So the stored copy gets the header the site
 * renders for this devotee (devotee.server.tsx) instead of the whole page being rendered again
 * for every signed-in request. A page with more of the devotee on it (a temple site's booking
 * forms) names its devotee part: the site draws that part for the devotee too (parts.server.ts)
 * and it replaces the element of the stored copy marked with the part's name.
 *
 * The browser hydrates that page against the public page's loader data; the header's personal
 * bits, and the view a part was drawn with, come along as JSON data blocks in the head
 * (`usePersonalHeader` and `useComposedView` read them), so hydration sees the markup the
 * server sent. The answer is private and never stored.
 */
import type { Compose } from "~/lib/edge-cache/index.server";
import { HEADER_ONLY, personalCookieNames, SHARED_COPY_HEADER } from "~/lib/edge-cache/page-headers.server";
import { Memo } from "~/lib/memo.server";
import { SESSION_COOKIE } from "~/lib/session.server";
import { TOAST_COOKIE } from "~/lib/toast.server";
import type { PersonalHeader } from "~/web/personal-header.server";
import { DEVOTEE_PART_ATTRIBUTE, DEVOTEE_VIEW_ID, PAGE_TOAST_ID, PERSONAL_HEADER_ID } from "./data-blocks";

/** A page's devotee part as the site drew it for one devotee. */
export interface DevoteePart {
  /** The part's element, drawn for the devotee (the same element the public copy marks with its name). */
  html: string;
  /** What it was drawn with, as JSON: the page hydrates with it (`useComposedView`). */
  view: string;
}

/** The toast a page comes with (the flash cookie a form post left), as the site draws it. */
export interface PageToast {
  /** The toasts' list as the page renders it with this toast on. */
  html: string;
  /** The toast as JSON: the root hydrates its toaster with it. */
  json: string;
  /** The Set-Cookie line that clears the flash cookie (it shows once). */
  clear: string;
}

/** What the site knows of a signed-in request: who is signed in, their header's and their part's markup. */
export interface DevoteeHeaders {
  /** The signed-in devotee's header, or null when no live session is there (`part`: the page's devotee part, to be drawn next). */
  read(request: Request, part?: string): Promise<PersonalHeader | null>;
  /** The header's HTML for this devotee on this address (the same component as every page's). */
  render(request: Request, personal: PersonalHeader): Promise<string>;
  /** The page's devotee part named `part` drawn for this devotee, or null: the page is then rendered in full. */
  part?(part: string, request: Request, personal: PersonalHeader): Promise<DevoteePart | null>;
  /** The toast the request carries, drawn; or null (none, or not the site's own). */
  toast?(request: Request): Promise<PageToast | null>;
  /** After a composed page read the devotee: the Set-Cookie line of their view cookie (view-cookie.server.ts), or null. */
  keep?(request: Request): Promise<string | null>;
}

/**
 * Headers rendered lately, by address and what they show (never by who the devotee is: two
 * devotees with the same first name, cart count and desk see the same header).
 */
const renderedHeaders = new Memo<string>({ max: 200 });

function headerFor(request: Request, personal: PersonalHeader, headers: DevoteeHeaders): Promise<string> {
  const shown = {
    signedIn: Boolean(personal.customer),
    firstName: personal.customer?.firstName,
    cartCount: personal.cartCount,
    unseenCount: personal.unseenCount,
    staffHome: personal.staffHome,
  };
  // For the isolate's life: rendering is pure, so a kept header is the one the site would render again.
  return renderedHeaders.get({ key: `${request.url}\n${JSON.stringify(shown)}`, ttlMs: Number.POSITIVE_INFINITY }, () =>
    headers.render(request, personal),
  );
}

/** A data block (JSON text) is never run; `<` is escaped so no text in it can close the element. */
function dataBlock(id: string, json: string): string {
  return `<script type="application/json" id="${id}">${json.replaceAll("<", "\\u003c")}</script>`;
}

/**
 * The stored public `page` for the devotee signed in on `request`, with its devotee `part`
 * (`HEADER_ONLY`: none) drawn for them; or null (after letting the copy go) when no live
 * session is there or the site draws no such part: the page is then rendered in full.
 */
export async function devoteePage(request: Request, page: Response, headers: DevoteeHeaders, part = HEADER_ONLY): Promise<Response | null> {
  const personal = await headers.read(request, part === HEADER_ONLY ? undefined : part);
  const [header, drawn, toast] = personal
    ? await Promise.all([
        headerFor(request, personal, headers),
        part === HEADER_ONLY ? null : (headers.part?.(part, request, personal) ?? null),
        headers.toast?.(request) ?? null,
      ])
    : [null, null, null];
  if (!personal || header === null || (part !== HEADER_ONLY && !drawn)) {
    await page.body?.cancel();
    return null;
  }
  const blocks =
    dataBlock(PERSONAL_HEADER_ID, JSON.stringify(personal)) +
    (drawn ? dataBlock(DEVOTEE_VIEW_ID, drawn.view) : "") +
    (toast ? dataBlock(PAGE_TOAST_ID, toast.json) : "");
  let headerReplaced = false;
  const rewriter = new HTMLRewriter();
  if (drawn) {
    rewriter.on(`[${DEVOTEE_PART_ATTRIBUTE}="${part}"]`, { element: (element) => void element.replace(drawn.html, { html: true }) });
  }
  if (toast) {
    let toastDrawn = false;
    rewriter.on("div.toasts", {
      element: (element) => {
        if (toastDrawn) return;
        toastDrawn = true;
        element.replace(toast.html, { html: true });
      },
    });
  }
  const composed = rewriter
    .on("head", { element: (head) => void head.append(blocks, { html: true }) })
    .on("header.site-header", {
      element: (element) => {
        if (headerReplaced) return;
        headerReplaced = true;
        element.replace(header, { html: true });
      },
    })
    .transform(page);
  const answer = new Response(composed.body, { status: page.status, headers: new Headers(page.headers) });
  if (toast) answer.headers.append("Set-Cookie", toast.clear);
  // What was read for this page spares the next ones the reads (the devotee's view cookie).
  const kept = await headers.keep?.(request);
  if (kept) answer.headers.append("Set-Cookie", kept);
  return answer;
}

/**
 * A signed-in devotee and nothing else personal but, maybe, the toast a form post left them
 * ("… added to your booking list"): the session cookie is our only other cookie (no sign-up
 * flow, no start-up flag), so the page differs from the public one only where the header shows
 * who they are, in the page's devotee part, and in the toast the site draws for them.
 */
export function composableForDevotee(request: Request): boolean {
  const ours = personalCookieNames(request);
  const sessions = ours.filter((name) => name === SESSION_COOKIE).length;
  const toasts = ours.filter((name) => name === TOAST_COOKIE).length;
  return sessions === 1 && toasts <= 1 && ours.length === sessions + toasts;
}

/**
 * The edge cache's `compose` for signed-in devotees: the stored public copy with the devotee's
 * header, part and toast put on it by `site` (asked for only once a copy is there).
 */
export function devoteeComposer(site: () => Promise<DevoteeHeaders>): Compose {
  return async (request, storedCopy) => {
    if (!composableForDevotee(request)) return null;
    const copy = await storedCopy();
    if (!copy) return null;
    return devoteePage(request, copy, await site(), copy.headers.get(SHARED_COPY_HEADER) ?? HEADER_ONLY);
  };
}
