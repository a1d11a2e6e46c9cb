import { DEVOTEE_VIEW_ID } from "~/lib/edge-cache/personal-header";

let hydration: { loaderData: unknown; view: object | null } | undefined;

function readComposedView(): object | null {
  const text = document.getElementById(DEVOTEE_VIEW_ID)?.textContent;
  if (!text) return null;
  try {
    const view: unknown = JSON.parse(text);
    return view && typeof view === "object" ? view : null;
  } catch {
    return null;
  }
}

/**
 * A route's loader data, with the devotee's parts when the page was composed for them: a
 * composed page's loader data is the public page's (nobody signed in), so until that data is
 * replaced (the first time the route's loader runs again, e.g. after a form post or a link to
 * another puja) the browser uses the view the Worker drew the devotee's parts with, and
 * hydration sees the markup the server sent (as `usePersonalHeader` does for the header).
 */
export function useComposedView<Data extends object>(loaderData: Data): Data {
  if (typeof document === "undefined") return loaderData;
  hydration ??= { loaderData, view: readComposedView() };
  return hydration.view && hydration.loaderData === loaderData ? { ...loaderData, ...hydration.view } : loaderData;
}
