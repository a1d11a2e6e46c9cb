/** The temple desk's start: the temples this staff member works for. */
import { data } from "react-router";
import { Link } from "~/components/localized";
import { deskStatusHandlers, GeneralErrorBoundary } from "~/components/error-boundary";
import { deskPaths } from "~/domain/desk";
import { listDeskTemples } from "~/domain/role-lookups.server";
import { dbFrom } from "~/lib/db.server";
import { pageMeta } from "~/lib/meta";
import { requireDeskUser } from "~/web/role-guards.server";
import type { Route } from "./+types/desk";
import "~/styles/desk.css";

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireDeskUser(context, request);
  const temples = user.role === "staff" ? await listDeskTemples(dbFrom(context), user.templeIds) : [];
  return data({ role: user.role, firstName: user.firstName, temples }, { headers: { "Cache-Control": "private, no-store" } });
}

export const meta = () => pageMeta("Temple desk");

export default function DeskHome({ loaderData }: Route.ComponentProps) {
  const { role, firstName, temples } = loaderData;
  return (
    <section className="page desk" aria-labelledby="desk-title">
      <h1 id="desk-title">Temple desk</h1>
      <p>Namaste {firstName}. Choose a temple to answer its requests, print the day sheet and send prasad.</p>
      {role === "operator" ? (
        <p>
          As the portal operator you can open the desk of any temple from{" "}
          <Link to="/operator/temples">the temples list in the operator console</Link>.
        </p>
      ) : temples.length === 0 ? (
        <p className="notice">No temple is linked to your account yet. Please ask the portal operator to add you.</p>
      ) : (
        <ul className="desk-temples">
          {temples.map((temple) => (
            <li key={temple.id}>
              <Link className="desk-temples__link" to={deskPaths.requests(temple.id)}>
                {temple.displayName}
              </Link>
              {temple.onlineBooking ? null : <span className="badge">Online booking off</span>}
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
