/** The operator console's frame; every child route checks the operator role itself too. */
import { Outlet } from "react-router";
import { DeskErrorBoundary } from "~/components/desk-error-boundary";
import { OperatorNav } from "~/components/operator-nav";
import { requireOperator } from "~/lib/roles.server";
import type { Route } from "./+types/operator-layout";
import "~/styles/desk.css";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireOperator(context, request);
  return null;
}

export const headers = () => ({ "Cache-Control": "private, no-store" });

export default function OperatorLayout() {
  return (
    <div className="page desk">
      <h1 className="desk__title">Operator console</h1>
      <OperatorNav />
      <Outlet />
    </div>
  );
}

export function ErrorBoundary() {
  return <DeskErrorBoundary />;
}
