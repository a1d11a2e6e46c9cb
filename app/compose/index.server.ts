/**
 * Composed pages (README.md here): the edge cache's `compose` for the Worker, which answers a
 * signed-in devotee's request for a page devotees share from the stored public copy.
 */
import type { Compose } from "~/lib/edge-cache/index.server";
import { Memo } from "~/lib/memo.server";
import { devoteeComposer } from "./page.server";

export { forgetDevoteeView } from "./view-cookie.server";

const modules = new Memo<typeof import("./devotee.server")>({ max: 1 });

/** The site's side (React, the header, the parts), loaded on the first page composed: tests of the legacy API run without pages. */
function devoteeSite() {
  // For the isolate's life: a module once loaded stays loaded (an import() per request costs CPU even then).
  return modules.get({ key: "devotee", ttlMs: Number.POSITIVE_INFINITY }, () => import("./devotee.server"));
}

/** The `compose` the edge cache is handed for one request. */
export function composeForDevotees(env: Env, ctx: ExecutionContext): Compose {
  return devoteeComposer(async () => (await devoteeSite()).devoteeHeaders(env, ctx));
}
