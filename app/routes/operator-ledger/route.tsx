/** The ledger: every payment per India day of a month (and per temple), what became of it, and the reconciliation report. */
import { data } from "react-router";
import { deskStatusHandlers, GeneralErrorBoundary } from "~/components/layout/error-boundary";
import { loadLedgerView } from "~/domain/ledger/ledger-view.server";
import { ledgerQuerySchema, queryOf } from "~/domain/ledger/periods";
import { monthYear } from "~/domain/text";
import { dbFrom } from "~/lib/db.server";
import { appEnv } from "~/lib/context.server";
import { providerNamed } from "~/lib/payments/index.server";
import { todayInIndia } from "~/lib/india-time";
import { pageMeta } from "~/lib/meta";
import { m } from "~/paraglide/messages";
import type { Route } from "./+types/route";
import { LedgerFilter, LedgerTable, ReconciliationRun, UnmatchedPayments } from "./ledger-tables";
import { DailyReport } from "./daily-report";
import { LedgerChart } from "./ledger-chart";

export async function loader({ request, context }: Route.LoaderArgs) {
  const query = ledgerQuerySchema.safeParse(queryOf(request.url));
  if (!query.success) throw data(m.operator_ledger_bad_query(), { status: 400 });
  const today = todayInIndia();
  const view = await loadLedgerView(dbFrom(context), { ...query.data, month: query.data.month ?? today.slice(0, 7) }, today);
  // Housekeeping reconciles only with a gateway configured: without one, no run is not "not yet".
  return { ...view, reconciling: providerNamed(appEnv(context).config, "razorpay") !== null };
}

export const meta = () => pageMeta(m.operator_ledger_title());

export default function OperatorLedger({ loaderData: view }: Route.ComponentProps) {
  return (
    <section aria-labelledby="ledger-title">
      <h2 id="ledger-title">
        {m.operator_ledger_heading({ month: monthYear(view.month), temple: view.temple?.name ?? m.operator_ledger_all_temples() })}
      </h2>
      <p className="field-hint">{m.operator_ledger_intro()}</p>
      <LedgerFilter view={view} />
      <UnmatchedPayments payments={view.unmatched} />
      <LedgerChart view={view} />
      <LedgerTable view={view} />
      <DailyReport view={view} />
      <ReconciliationRun run={view.run} reconciling={view.reconciling} />
    </section>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary statusHandlers={deskStatusHandlers} />;
}
