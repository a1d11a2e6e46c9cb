/** The temple desk's start: the temples this staff member works for. */
import { MessageWith } from "~/components/layout/message-with";
import { loadCatalog } from "~/i18n/client-catalogs";
import { localeFromPath } from "~/lib/i18n";
import { data, href } from "react-router";
import { Link } from "~/components/layout/localized";
import { deskStatusHandlers, GeneralErrorBoundary } from "~/components/layout/error-boundary";
import { listDeskTemples } from "~/domain/accounts/role-lookups.server";
import { dbFrom } from "~/lib/db.server";
import { pageMeta } from "~/lib/meta";
import { m } from "~/paraglide/messages";
import { requireDeskUser } from "~/web/role-guards.server";
import type { Route } from "./+types/desk";
import "~/styles/desk.css";

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireDeskUser(context, request);
  const temples = user.role === "staff" ? await listDeskTemples(dbFrom(context), user.templeIds) : [];
  const counterTempleIds = user.counterTempleIds ?? [];
  return data(
    { role: user.role, firstName: user.firstName, temples, counterTempleIds },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

/** The desk's and console's words in the page's language, before a page of theirs renders in the browser. */
export async function clientLoader({ request, serverLoader }: Route.ClientLoaderArgs) {
  await loadCatalog(localeFromPath(new URL(request.url).pathname), "staff").catch(() => undefined);
  return serverLoader();
}

export const meta = () => pageMeta(m.desk_temple_desk());

/** The link sits where each language's sentence puts it. */
function OperatorNote() {
  return (
    <p>
      <MessageWith message={(link) => m.desk_home_operator({ link })}>
        <Link to="/operator/temples">{m.desk_home_operator_link()}</Link>
      </MessageWith>
    </p>
  );
}

export default function DeskHome({ loaderData }: Route.ComponentProps) {
  const { role, firstName, temples, counterTempleIds } = loaderData;
  return (
    <section className="page desk" aria-labelledby="desk-title">
      <h1 id="desk-title">{m.desk_temple_desk()}</h1>
      <p>{m.desk_home_intro({ firstName })}</p>
      {role === "operator" ? (
        <OperatorNote />
      ) : temples.length === 0 ? (
        <p className="notice">{m.desk_home_no_temple()}</p>
      ) : (
        <ul className="desk-temples">
          {temples.map((temple) => (
            <li key={temple.id}>
              <Link
                className="desk-temples__link"
                to={
                  counterTempleIds.includes(temple.id)
                    ? href("/:lang?/desk/:templeId/counter", { templeId: String(temple.id) })
                    : href("/:lang?/desk/:templeId", { templeId: String(temple.id) })
                }
              >
                {temple.displayName}
              </Link>
              {temple.onlineBooking ? null : <span className="badge">{m.desk_online_booking_off()}</span>}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** The desk is personal, its refusals too: never stored. */
export const headers = () => ({ "Cache-Control": "private, no-store" });

export function ErrorBoundary() {
  // A devotee who opens /desk is told the desk is not for their account, as under /desk/<temple>.
  return <GeneralErrorBoundary statusHandlers={deskStatusHandlers} />;
}
