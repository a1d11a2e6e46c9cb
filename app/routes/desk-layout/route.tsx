/** One temple's desk: its name and tabs around the page. Its middleware guards every route under it. */
import { loadCatalog } from "~/i18n/client-catalogs";
import { localeFromPath } from "~/lib/i18n";
import { data, href, Outlet } from "react-router";
import { Link } from "~/components/layout/localized";
import { deskStatusHandlers, GeneralErrorBoundary } from "~/components/layout/error-boundary";
import { DeskNav } from "./desk-nav";
import { m } from "~/paraglide/messages";
import { templeDeskAccess, templeDeskGuard } from "~/web/role-guards.server";
import type { Route } from "./+types/route";
import "~/styles/desk.css";

export const middleware: Route.MiddlewareFunction[] = templeDeskGuard;

export function loader({ context }: Route.LoaderArgs) {
  const { temple, user, deskRole } = templeDeskAccess(context);
  return data({ temple, role: user.role, deskRole }, { headers: { "Cache-Control": "private, no-store" } });
}

/** The desk's and console's words in the page's language, before a page of theirs renders in the browser. */
export async function clientLoader({ request, serverLoader }: Route.ClientLoaderArgs) {
  await loadCatalog(localeFromPath(new URL(request.url).pathname), "staff").catch(() => undefined);
  return serverLoader();
}

export const headers = () => ({ "Cache-Control": "private, no-store" });

export default function DeskLayout({ loaderData }: Route.ComponentProps) {
  const { temple, role, deskRole } = loaderData;
  return (
    <div className="page desk">
      <p className="desk__crumbs">
        <Link to={role === "operator" ? "/operator/temples" : "/desk"}>
          {role === "operator" ? m.desk_operator_console() : m.desk_temple_desk()}
        </Link>
        {" / "}
        <Link to={href("/:lang?/t/:slug", { slug: temple.slug })}>{m.desk_view_temple_site()}</Link>
      </p>
      <h1 className="desk__title">{temple.displayName}</h1>
      <DeskNav templeId={temple.id} deskRole={deskRole} />
      <Outlet />
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary statusHandlers={deskStatusHandlers} />;
}
