import type { RouterContextProvider } from "react-router";
import { removeRelease } from "~/domain/temples-admin/releases.server";
import { appEnv } from "~/lib/context.server";
import { dbFrom } from "~/lib/db.server";
import { m } from "~/paraglide/messages";
import { backWithToast } from "~/web/staff-actions.server";

/** The table's Remove button: the release goes, and its dates open as the puja's days allow. */
export async function removeReleaseAction(
  context: Readonly<RouterContextProvider>,
  formData: FormData,
  actor: { actorId: number; templeId: number },
  back: string,
) {
  const releaseId = Number(formData.get("releaseId"));
  const removed =
    Number.isSafeInteger(releaseId) &&
    releaseId > 0 &&
    (await removeRelease(dbFrom(context), actor, releaseId, appEnv(context).bindings.WAITING_ROOM));
  return backWithToast(
    context,
    formData,
    back,
    removed ? { type: "success", message: m.desk_release_removed() } : { type: "error", message: m.desk_release_missing() },
  );
}
