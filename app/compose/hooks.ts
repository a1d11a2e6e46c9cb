/**
 * The browser's side of a composed page (README.md here): a cached public page the Worker put a
 * devotee's bits on hydrates against the public page's loader data (nobody signed in, no
 * toast), so until that data is replaced (the first time the loader runs again, e.g. after a
 * form post or a link) these hooks answer with what the page was composed with, read once
 * from its data blocks: hydration then sees the markup the server sent.
 */
import { useRouteLoaderData } from "react-router";
import type { ToastMessage } from "~/components/layout/toaster";
import type { loader as rootLoader } from "~/root";
import type { PersonalHeader } from "~/web/personal-header.server";
import { DEVOTEE_VIEW_ID, PAGE_TOAST_ID, PERSONAL_HEADER_ID } from "./data-blocks";

function readDataBlock(id: string): unknown {
  const text = document.getElementById(id)?.textContent;
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

/** What the page hydrated with: the root loader data and the data blocks, read once. */
let rootHydration: { root: unknown; blocks: Map<string, unknown> } | undefined;

/** What the composed page carries in its data block `id` in place of the root loader's `own`. */
function useComposedRootData<T>(id: string, own: (root: ReturnType<typeof useRouteLoaderData<typeof rootLoader>>) => T): T {
  const root = useRouteLoaderData<typeof rootLoader>("root");
  if (typeof document === "undefined") return own(root);
  rootHydration ??= { root, blocks: new Map() };
  if (root !== rootHydration.root) return own(root);
  if (!rootHydration.blocks.has(id)) rootHydration.blocks.set(id, readDataBlock(id));
  return (rootHydration.blocks.get(id) as T | null) ?? own(root);
}

/** The header's personal bits, from the root loader (or the composed page's). */
export function usePersonalHeader(): PersonalHeader {
  return useComposedRootData<PersonalHeader>(PERSONAL_HEADER_ID, (root) => ({
    customer: root?.customer ?? null,
    cartCount: root?.cartCount ?? 0,
    unseenCount: root?.unseenCount ?? 0,
    staffHome: root?.staffHome ?? null,
  }));
}

/** The toast the page came with: the root loader's flash, or the one a composed page was drawn with. */
export function usePageToast(): ToastMessage | null {
  return useComposedRootData<ToastMessage | null>(PAGE_TOAST_ID, (root) => root?.toast ?? null);
}

let viewHydration: { loaderData: unknown; view: object | null } | undefined;

/**
 * A route's loader data, with the view the Worker drew the page's devotee part with when the
 * page was composed (a temple site's: the devotee's forms, name and addresses).
 */
export function useComposedView<Data extends object>(loaderData: Data): Data {
  if (typeof document === "undefined") return loaderData;
  if (!viewHydration) {
    const view = readDataBlock(DEVOTEE_VIEW_ID);
    viewHydration = { loaderData, view: view && typeof view === "object" ? view : null };
  }
  return viewHydration.view && viewHydration.loaderData === loaderData ? { ...loaderData, ...viewHydration.view } : loaderData;
}
