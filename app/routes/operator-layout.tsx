/** The operator console's frame; its middleware lets only operators reach any route under it. */
import { m } from "~/paraglide/messages";
import { Outlet } from "react-router";
import { deskStatusHandlers, GeneralErrorBoundary } from "~/components/error-boundary";
import { OperatorNav } from "~/components/operator-nav";
import { operatorConsoleGuard } from "~/web/role-guards.server";
import type { Route } from "./+types/operator-layout";
import "~/styles/desk.css";

export const middleware: Route.MiddlewareFunction[] = operatorConsoleGuard;

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
