import { useRouteLoaderData } from "react-router";
import type { loader as rootLoader } from "~/root";
import { PERSONAL_HEADER_ID, type PersonalHeader } from "~/lib/edge-cache/personal-header";

let hydration: { root: unknown; personal: PersonalHeader | null } | undefined;

function readComposedHeader(): PersonalHeader | null {
  const text = document.getElementById(PERSONAL_HEADER_ID)?.textContent;
  if (!text) return null;
  try {
    return JSON.parse(text) as PersonalHeader;
  } catch {
    return null;
  }
}

/**
 * The header's personal bits, from the root loader. A composed page's root loader data is
 * the public page's (nobody signed in), so until that data is replaced (the first time the
 * root loader runs again, e.g. after any form post) the browser uses the personal header the
 * Worker composed the page with: hydration then sees the markup the server sent.
 */
export function usePersonalHeader(): PersonalHeader {
  const root = useRouteLoaderData<typeof rootLoader>("root");
  const own: PersonalHeader = { customer: root?.customer ?? null, cartCount: root?.cartCount ?? 0, staffHome: root?.staffHome ?? null };
  if (typeof document === "undefined") return own;
  hydration ??= { root, personal: readComposedHeader() };
  return hydration.personal && root === hydration.root ? hydration.personal : own;
}
