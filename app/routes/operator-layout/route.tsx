/** The operator console's frame; its middleware lets only operators reach any route under it. */
import { loadCatalog } from "~/i18n/client-catalogs";
import { localeFromPath } from "~/lib/i18n";
import { m } from "~/paraglide/messages";
import { Outlet } from "react-router";
import { deskStatusHandlers, GeneralErrorBoundary } from "~/components/layout/error-boundary";
import { OperatorNav } from "./operator-nav";
import { operatorConsoleGuard } from "~/web/role-guards.server";
import type { Route } from "./+types/route";
import "~/styles/desk.css";

export const middleware: Route.MiddlewareFunction[] = operatorConsoleGuard;

/** Nothing to load on the server: the client loader below needs one to wait on. */
export function loader() {
  return null;
}

/** The console's words in the page's language, before a page of it renders in the browser. */
export async function clientLoader({ request, serverLoader }: Route.ClientLoaderArgs) {
  await loadCatalog(localeFromPath(new URL(request.url).pathname), "staff").catch(() => undefined);
  return serverLoader();
}

export const headers = () => ({ "Cache-Control": "private, no-store" });

export default function OperatorLayout() {
  return (
    <div className="page desk">
      <h1 className="desk__title">{m.operator_console()}</h1>
      <OperatorNav />
      <Outlet />
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary statusHandlers={deskStatusHandlers} />;
}
