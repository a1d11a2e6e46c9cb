import { useLocation } from "react-router";
import { DeskTable } from "~/components/desk/desk-table";
import { Form } from "~/components/layout/localized";
import type { TempleAlias } from "~/domain/temples-admin/search-names";
import { LANGUAGES, type Locale } from "~/lib/i18n";
import { m } from "~/paraglide/messages";

type Decision = "approve" | "reject" | "remove" | "withdraw";

const statusLabel = (status: TempleAlias["status"]) =>
  ({ approved: m.desk_names_status_approved(), proposed: m.desk_names_status_proposed(), rejected: m.desk_names_status_rejected() })[
    status
  ];

const decisionLabel = (decision: Decision) =>
  ({
    approve: m.desk_names_approve(),
    reject: m.desk_names_reject(),
    remove: m.desk_names_remove(),
    withdraw: m.desk_names_withdraw(),
  })[decision];

/** One button posting a decision on a name (a form of its own: works without JavaScript). */
function DecisionButton({ alias, decision, extra }: { alias: { id: number; text: string }; decision: Decision; extra?: string }) {
  const location = useLocation();
  return (
    <Form method="post" className="inline-form">
      <input type="hidden" name="redirectTo" value={`${location.pathname}${location.search}`} />
      <input type="hidden" name="aliasId" value={alias.id} />
      <button
        type="submit"
        name="intent"
        value={decision}
        className="link-button"
        aria-label={
          extra
            ? m.desk_names_decision_label_temple({ decision: decisionLabel(decision), name: alias.text, temple: extra })
            : m.desk_names_decision_label({ decision: decisionLabel(decision), name: alias.text })
        }
      >
        {decisionLabel(decision)}
      </button>
    </Form>
  );
}

export { DecisionButton as SearchNameDecision };

/** A temple's names: the name, its language, its state, and what the reader may do with it. */
export function SearchNamesTable({ aliases, actions }: { aliases: readonly TempleAlias[]; actions: (alias: TempleAlias) => Decision[] }) {
  if (!aliases.length) return <p className="empty-state">{m.desk_names_none()}</p>;
  return (
    <DeskTable
      caption={m.desk_names_caption()}
      headings={[
        m.desk_names_col_name(),
        m.desk_names_col_language(),
        m.desk_names_col_status(),
        { text: m.desk_names_col_actions(), hidden: true },
      ]}
    >
      {aliases.map((alias) => (
        <tr key={alias.id}>
          <th scope="row" lang={alias.language}>
            {alias.text}
          </th>
          <td>{LANGUAGES[alias.language as Locale]?.name ?? alias.language}</td>
          <td>{statusLabel(alias.status)}</td>
          <td>
            {actions(alias).map((decision) => (
              <DecisionButton key={decision} alias={alias} decision={decision} />
            ))}
          </td>
        </tr>
      ))}
    </DeskTable>
  );
}
