/** When the temple's dates open for booking, and how devotees are admitted at each opening (issue 25). */
import { data, href } from "react-router";
import { DeskTable } from "~/components/desk/desk-table";
import { deskStatusHandlers, GeneralErrorBoundary } from "~/components/layout/error-boundary";
import { useIsSubmitting } from "~/components/forms/form-fields";
import { Form } from "~/components/layout/localized";
import { releaseSchema } from "~/domain/bookings/seats/releases";
import { addRelease, listReleases, type ReleaseRow } from "~/domain/temples-admin/releases.server";
import { listTemplePujas } from "~/domain/temples-admin/temple.server";
import { longDate } from "~/domain/text";
import { dbFrom } from "~/lib/db.server";
import { parseSubmission, readForm } from "~/lib/form-data.server";
import { indiaDateTime } from "~/lib/india-time";
import { pageMeta } from "~/lib/meta";
import { plural } from "~/lib/i18n";
import { m } from "~/paraglide/messages";
import { replyFor, replyToForm } from "~/web/form-reply";
import { templeDeskAccess } from "~/web/role-guards.server";
import { backWithToast } from "~/web/staff-actions.server";
import type { Route } from "./+types/route";
import { ReleaseForm } from "./release-form";
import { removeReleaseAction } from "./remove.server";

export async function loader({ context }: Route.LoaderArgs) {
  const { templeId } = templeDeskAccess(context);
  const db = dbFrom(context);
  const [releases, { offered }] = await Promise.all([listReleases(db, templeId), listTemplePujas(db, templeId)]);
  return data(
    { templeId, releases, pujas: offered.map((puja) => ({ id: puja.id, name: puja.name })) },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

export async function action({ request, context }: Route.ActionArgs) {
  const { templeId, user } = templeDeskAccess(context);
  const formData = await readForm(request);
  const back = href("/:lang?/desk/:templeId/releases", { templeId: String(templeId) });
  if (formData.get("intent") === "remove") return removeReleaseAction(context, formData, { actorId: user.id, templeId }, back);
  const submission = parseSubmission(formData, releaseSchema);
  if (submission.status !== "success") return replyToForm("release", submission.reply());
  const saved = await addRelease(dbFrom(context), { actorId: user.id, templeId }, submission.value);
  if (saved === "puja") return replyToForm("release", submission.reply({ fieldErrors: { templePujaId: [m.desk_release_puja_invalid()] } }));
  return backWithToast(context, new FormData(), back, { type: "success", message: m.desk_release_saved() });
}

export const meta = () => pageMeta(m.desk_meta_releases());

/** When a release's dates open, as a line of the table. */
function opensText(release: ReleaseRow): { dates: string; opens: string } {
  if (release.kind === "rolling") {
    return {
      dates: plural(
        release.daysAhead ?? 0,
        m.desk_release_rolling_dates_one,
        m.desk_release_rolling_dates_other,
      )({ days: release.daysAhead ?? 0 }),
      opens: m.desk_release_daily_at({ time: release.openTime ?? "" }),
    };
  }
  const opens = indiaDateTime(Date.parse(release.opensAt ?? ""));
  return {
    dates: `${longDate(release.firstDay ?? "")} – ${longDate(release.lastDay ?? "")}`,
    opens: m.desk_release_opens_on({ date: longDate(opens.day), time: opens.time }),
  };
}

export default function DeskReleases({ loaderData, actionData }: Route.ComponentProps) {
  const { templeId, releases, pujas } = loaderData;
  const page = href("/:lang?/desk/:templeId/releases", { templeId: String(templeId) });
  const busy = useIsSubmitting(page, "save");
  return (
    <section aria-labelledby="releases-title">
      <h2 id="releases-title">{m.desk_nav_releases()}</h2>
      <p>{m.desk_release_intro()}</p>
      <DeskTable
        caption={m.desk_release_caption({ count: releases.length })}
        headings={[
          m.desk_col_puja(),
          m.desk_release_col_dates(),
          m.desk_release_col_opens(),
          m.desk_release_col_admission(),
          { text: m.desk_release_remove(), hidden: true },
        ]}
      >
        {releases.map((release) => {
          const { dates, opens } = opensText(release);
          return (
            <tr key={release.id}>
              <th scope="row">{release.pujaName ?? m.desk_release_every_puja()}</th>
              <td>{dates}</td>
              <td>{opens}</td>
              <td>
                {release.admission === "draw"
                  ? plural(
                      release.lobbyMinutes,
                      m.desk_release_draw_summary_one,
                      m.desk_release_draw_summary_other,
                    )({
                      rate: release.admitPerMinute,
                      minutes: release.lobbyMinutes,
                    })
                  : m.desk_release_queue_summary({ rate: release.admitPerMinute })}
              </td>
              <td>
                <Form method="post">
                  <input type="hidden" name="intent" value="remove" />
                  <input type="hidden" name="releaseId" value={release.id} />
                  <button type="submit" className="button button--small">
                    {m.desk_release_remove()}
                  </button>
                </Form>
              </td>
            </tr>
          );
        })}
      </DeskTable>
      <ReleaseForm pujas={pujas} lastResult={replyFor(actionData, "release")} busy={busy} />
    </section>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary statusHandlers={deskStatusHandlers} />;
}
