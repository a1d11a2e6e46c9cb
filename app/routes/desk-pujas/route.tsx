/** The temple's pujas: rate, postal charge, direct or on request, days offered, on or off. */
import { href } from "react-router";
import { Link } from "~/components/layout/localized";
import { DeskTable } from "~/components/desk/desk-table";
import { deskStatusHandlers, GeneralErrorBoundary } from "~/components/layout/error-boundary";
import { PujaForm } from "./desk-puja-form";
import { useIsSubmitting } from "~/components/forms/form-fields";
import { offeredDaysLabel } from "~/components/booking/booking-puja-list";
import { TEMPLE_MESSAGES as M, templePujaSchema } from "~/domain/temples-admin/temple-inputs";
import { listTemplePujas, saveTemplePuja } from "~/domain/temples-admin/temple.server";
import { formatRupees } from "~/domain/text";
import { dbFrom } from "~/lib/db.server";
import { pageMeta } from "~/lib/meta";
import { m } from "~/paraglide/messages";
import { templeDeskAccess } from "~/web/role-guards.server";
import type { Route } from "./+types/route";
import { backWithToast } from "~/web/staff-actions.server";
import { parseSubmission, readForm } from "~/lib/form-data.server";
import { notFound } from "~/lib/not-found.server";
import { replyFor, replyToForm } from "~/web/form-reply";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { templeId } = templeDeskAccess(context);
  const { offered, others } = await listTemplePujas(dbFrom(context), templeId);
  const editId = Number(new URL(request.url).searchParams.get("edit"));
  return { templeId, offered, others, editing: offered.find((p) => p.id === editId) ?? null };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { templeId, user } = templeDeskAccess(context);
  const formData = await readForm(request);
  const submission = parseSubmission(formData, templePujaSchema);
  if (submission.status !== "success") return replyToForm("puja", submission.reply());
  if (!submission.value.templePujaId && !submission.value.pujaId) {
    return replyToForm("puja", submission.reply({ fieldErrors: { pujaId: [M.puja] } }));
  }
  const saved = await saveTemplePuja(dbFrom(context), { actorId: user.id, templeId }, submission.value);
  if (saved === "missing") throw notFound();
  if (saved === "taken") return replyToForm("puja", submission.reply({ fieldErrors: { pujaId: [M.pujaTaken] } }));
  return backWithToast(context, new FormData(), href("/:lang?/desk/:templeId/pujas", { templeId: String(templeId) }), {
    type: "success",
    message: M.pujaSaved,
  });
}

export const meta = () => pageMeta(m.desk_meta_pujas());

/** "Unlimited", "3 a day", each with "(some days differ)" when a weekday or a date ahead has its own seats. */
function seatsLabel(puja: { dailyCapacity: number | null; capacityRules: number }) {
  const differ = puja.capacityRules > 0;
  if (puja.dailyCapacity === null) return differ ? m.desk_pujas_unlimited_exceptions() : m.desk_pujas_unlimited();
  const count = puja.dailyCapacity;
  return differ ? m.desk_pujas_seats_count_exceptions({ count }) : m.desk_pujas_seats_count({ count });
}

export default function DeskPujas({ loaderData, actionData }: Route.ComponentProps) {
  const { templeId, offered, others, editing } = loaderData;
  const page = href("/:lang?/desk/:templeId/pujas", { templeId: String(templeId) });
  const busy = useIsSubmitting(page);
  return (
    <section aria-labelledby="pujas-title">
      <h2 id="pujas-title">{m.desk_nav_pujas()}</h2>
      <PujaForm
        key={editing?.id ?? "new"}
        editing={editing}
        others={others}
        lastResult={replyFor(actionData, "puja")}
        busy={busy}
        cancelTo={page}
      />
      <DeskTable
        caption={m.desk_pujas_caption({ count: offered.length })}
        headings={[
          m.desk_col_puja(),
          m.desk_col_rate(),
          m.desk_col_postal_charge(),
          m.desk_col_booking(),
          m.desk_col_days(),
          m.desk_col_status(),
          m.desk_seats_daily(),
          { text: m.desk_edit(), hidden: true },
        ]}
      >
        {offered.map((puja) => (
          <tr key={puja.id}>
            <th scope="row">{puja.name}</th>
            <td className="num">{formatRupees(puja.rate)}</td>
            <td className="num">{puja.postalCharge > 0 ? formatRupees(puja.postalCharge) : m.desk_pujas_not_posted()}</td>
            <td>{puja.bookingMode === "request" ? m.desk_pujas_on_request() : m.desk_pujas_direct()}</td>
            <td>{offeredDaysLabel(puja.daysOffered)}</td>
            <td>{puja.active ? m.desk_pujas_bookable() : m.desk_pujas_off()}</td>
            <td>
              {seatsLabel(puja)}{" "}
              <Link
                to={href("/:lang?/desk/:templeId/pujas/:templePujaId/seats", { templeId: String(templeId), templePujaId: String(puja.id) })}
                aria-label={m.desk_pujas_seats_aria({ name: puja.name })}
              >
                {m.desk_pujas_seats_link()}
              </Link>
            </td>
            <td>
              <Link to={`?edit=${puja.id}`} aria-label={m.desk_edit_named({ name: puja.name })}>
                {m.desk_edit()}
              </Link>
            </td>
          </tr>
        ))}
      </DeskTable>
    </section>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary statusHandlers={deskStatusHandlers} />;
}
