/**
 * Search names: the names temples' staff proposed (approve or reject), and for one temple
 * (?temple=ID, found by name) its names devotees use and its pilgrimage weight.
 */
import { data } from "react-router";
import { Link } from "~/components/layout/localized";
import { DeskTable } from "~/components/desk/desk-table";
import { TempleFinder } from "~/components/search/temple-finder";
import { deskStatusHandlers, GeneralErrorBoundary } from "~/components/layout/error-boundary";
import { SearchNameDecision, SearchNamesTable } from "~/components/search/search-names-table";
import { isSearchTextTooLong, SEARCH_MESSAGES } from "~/domain/catalog/search";
import {
  addAliasSchema,
  aliasDecisionSchema,
  pilgrimageWeightSchema,
  SEARCH_NAME_MESSAGES as M,
} from "~/domain/temples-admin/search-names";
import {
  addApprovedAlias,
  decideAlias,
  findSearchNamesTemple,
  listProposedAliases,
  listTempleAliases,
  listWeightedTemples,
  setPilgrimageWeight,
} from "~/domain/temples-admin/search-names.server";
import { listOperatorTemples } from "~/domain/temples-admin/temples.server";
import { dbFrom } from "~/lib/db.server";
import { parseSubmission, readForm } from "~/lib/form-data.server";
import { pageMeta } from "~/lib/meta";
import { notFound } from "~/lib/not-found.server";
import { m } from "~/paraglide/messages";
import { replyFor, replyToForm } from "~/web/form-reply";
import { operatorAccess } from "~/web/role-guards.server";
import { backWithToast } from "~/web/staff-actions.server";
import { TempleSearchNamesForms } from "./temple-forms";
import type { Route } from "./+types/route";

const PATH = "/operator/search-names";

/** The temple a request names (?temple=ID), or null; a malformed id is a 404. */
function chosenTemple(url: URL): number | null {
  const temple = url.searchParams.get("temple");
  if (temple === null) return null;
  if (!/^\d{1,9}$/.test(temple)) throw notFound();
  return Number(temple);
}

export async function loader({ request, context }: Route.LoaderArgs) {
  operatorAccess(context);
  const db = dbFrom(context);
  const url = new URL(request.url);
  const query = (url.searchParams.get("q") ?? "").trim();
  const templeId = chosenTemple(url);
  const [proposed, temple, aliases] = await Promise.all([
    listProposedAliases(db),
    templeId === null ? null : findSearchNamesTemple(db, templeId),
    templeId === null ? [] : listTempleAliases(db, templeId),
  ]);
  if (templeId !== null && !temple) throw notFound();
  if (isSearchTextTooLong(query)) {
    return data({ proposed, temple, aliases, query: "", found: [], message: SEARCH_MESSAGES.tooLong as string | null }, { status: 400 });
  }
  const found = query
    ? (await listOperatorTemples(db, query)).map(({ id, displayName }) => ({ id, displayName, weight: null as number | null }))
    : (await listWeightedTemples(db)).map(({ id, displayName, weight }) => ({ id, displayName, weight: weight as number | null }));
  return { proposed, temple, aliases, query, found, message: null as string | null };
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = operatorAccess(context);
  const formData = await readForm(request, { textCharacters: 60 });
  const db = dbFrom(context);
  const intent = formData.get("intent");
  const templeId = Number(formData.get("templeId"));
  const back = Number.isSafeInteger(templeId) && templeId > 0 ? `${PATH}?temple=${templeId}` : PATH;
  if (intent === "add-alias") {
    const submission = parseSubmission(formData, addAliasSchema);
    if (submission.status !== "success") return replyToForm("add-alias", submission.reply());
    const added = await addApprovedAlias(db, user.id, submission.value.templeId, submission.value.text);
    if (!added.ok) return replyToForm("add-alias", submission.reply({ fieldErrors: { text: [added.message] } }));
    return backWithToast(context, formData, back, { type: "success", message: added.message });
  }
  if (intent === "weight") {
    const submission = parseSubmission(formData, pilgrimageWeightSchema);
    if (submission.status !== "success") return replyToForm("weight", submission.reply());
    if (!(await setPilgrimageWeight(db, user.id, submission.value.templeId, submission.value.weight))) throw notFound();
    return backWithToast(context, formData, back, { type: "success", message: M.weightSaved });
  }
  const parsed = aliasDecisionSchema.safeParse(Object.fromEntries(formData));
  if (!parsed.success || parsed.data.intent === "withdraw") throw notFound();
  const message = await decideAlias(db, { actorId: user.id }, parsed.data.aliasId, parsed.data.intent);
  if (!message) throw notFound();
  return backWithToast(context, formData, PATH, { type: "success", message });
}

export const meta = () => pageMeta(m.desk_names_operator_meta());

export default function OperatorSearchNames({ loaderData, actionData }: Route.ComponentProps) {
  const { proposed, temple, aliases, query, found, message } = loaderData;
  return (
    <>
      <section aria-labelledby="proposed-title">
        <h2 id="proposed-title">{m.desk_names_proposed_title()}</h2>
        {proposed.length === 0 ? (
          <p className="empty-state">{m.desk_names_proposed_none()}</p>
        ) : (
          <DeskTable
            caption={m.desk_names_proposed_caption()}
            headings={[m.desk_names_col_name(), m.operator_col_temple(), { text: m.desk_names_col_actions(), hidden: true }]}
          >
            {proposed.map((alias) => (
              <tr key={alias.id}>
                <th scope="row" lang={alias.language}>
                  {alias.text}
                </th>
                <td>
                  <Link to={`${PATH}?temple=${alias.templeId}`}>{alias.temple}</Link>
                </td>
                <td>
                  <SearchNameDecision alias={alias} decision="approve" extra={alias.temple} />
                  <SearchNameDecision alias={alias} decision="reject" extra={alias.temple} />
                </td>
              </tr>
            ))}
          </DeskTable>
        )}
      </section>
      {temple ? (
        <section aria-labelledby="temple-names-title">
          <p>
            <Link to={PATH}>{m.desk_names_back()}</Link>
          </p>
          <h2 id="temple-names-title">{m.desk_names_temple_title({ temple: temple.displayName })}</h2>
          <p>{m.desk_names_prominence({ prominence: String(temple.prominence) })}</p>
          <SearchNamesTable
            aliases={aliases}
            actions={(alias) => (alias.status === "proposed" ? ["approve", "reject", "remove"] : ["remove"])}
          />
          <TempleSearchNamesForms
            temple={temple}
            addResult={replyFor(actionData, "add-alias")}
            weightResult={replyFor(actionData, "weight")}
          />
        </section>
      ) : (
        <section aria-labelledby="find-title">
          <h2 id="find-title">{m.desk_names_find_title()}</h2>
          <TempleFinder id="names-query" query={query} />
          {message ? (
            <p className="empty-state" role="alert">
              {message}
            </p>
          ) : found.length === 0 ? (
            <p className="empty-state">{m.operator_temples_none({ query })}</p>
          ) : (
            <ul className="plain-list">
              {found.map((row) => (
                <li key={row.id}>
                  <Link to={`${PATH}?temple=${row.id}`}>{row.displayName}</Link>
                  {row.weight !== null ? (
                    <span className="muted"> · {m.desk_names_weight_short({ weight: String(row.weight) })}</span>
                  ) : null}
                </li>
              ))}
            </ul>
          )}
        </section>
      )}
    </>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary statusHandlers={deskStatusHandlers} />;
}
