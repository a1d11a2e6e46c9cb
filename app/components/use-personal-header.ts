import { useRouteLoaderData } from "react-router";
import type { loader as rootLoader } from "~/root";
import { PAGE_TOAST_ID, PERSONAL_HEADER_ID, type PersonalHeader } from "~/lib/edge-cache/personal-header";
import type { ToastMessage } from "./toaster";

/** What the page hydrated with: the root loader data and the composed page's data blocks, read once. */
let hydration: { root: unknown; blocks: Map<string, unknown> } | undefined;

function readDataBlock(id: string): unknown {
  const text = document.getElementById(id)?.textContent;
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

/**
 * What a composed page (a cached public page the Worker put a devotee's bits on, see
 * devotee-pages.server.ts) carries in its data block `id` in place of the root loader's `own`.
 * A composed page's root loader data is the public page's (nobody signed in, no toast), so
 * until that data is replaced (the first time the root loader runs again, e.g. after any form
 * post) the browser uses what the Worker composed the page with: hydration then sees the
 * markup the server sent.
 */
function useComposedRootData<T>(id: string, own: (root: ReturnType<typeof useRouteLoaderData<typeof rootLoader>>) => T): T {
  const root = useRouteLoaderData<typeof rootLoader>("root");
  if (typeof document === "undefined") return own(root);
  hydration ??= { root, blocks: new Map() };
  if (root !== hydration.root) return own(root);
  if (!hydration.blocks.has(id)) hydration.blocks.set(id, readDataBlock(id));
  return (hydration.blocks.get(id) as T | null) ?? own(root);
}

/** The header's personal bits, from the root loader (or the composed page's, see above). */
export function usePersonalHeader(): PersonalHeader {
  return useComposedRootData<PersonalHeader>(PERSONAL_HEADER_ID, (root) => ({
    customer: root?.customer ?? null,
    cartCount: root?.cartCount ?? 0,
    staffHome: root?.staffHome ?? null,
  }));
}

/** The toast the page came with: the root loader's flash, or the one a composed page was drawn with. */
export function usePageToast(): ToastMessage | null {
  return useComposedRootData<ToastMessage | null>(PAGE_TOAST_ID, (root) => root?.toast ?? null);
}
