/**
 * Deities, pujas and current messages in Hindi, Tamil, Malayalam, Telugu and Kannada: a list
 * of each kind with how many languages it has, and the form for one item (?kind=puja&id=3).
 */
import { ContentVariantsForm } from "~/components/forms/content-variants-form";
import { GeneralErrorBoundary } from "~/components/layout/error-boundary";
import { useIsSubmitting } from "~/components/forms/form-fields";
import { Link } from "~/components/layout/localized";
import { findTranslatable, listTranslatable, listVariants } from "~/domain/content/translations.server";
import { CONSOLE_KINDS, type ConsoleKind } from "~/domain/content/variants";
import { dbFrom } from "~/lib/db.server";
import { readForm } from "~/lib/form-data.server";
import { plural } from "~/lib/i18n";
import { pageMeta } from "~/lib/meta";
import { notFound } from "~/lib/not-found.server";
import { m } from "~/paraglide/messages";
import { saveVariantsAction } from "~/web/content-variants-action.server";
import { replyFor } from "~/web/form-reply";
import { operatorAccess } from "~/web/role-guards.server";
import type { Route } from "./+types/operator-languages";

const PATH = "/operator/languages";
const KINDS = Object.keys(CONSOLE_KINDS) as ConsoleKind[];
const kindLabel = (kind: ConsoleKind) =>
  ({ deity: m.content_kind_deity(), puja: m.content_kind_puja(), message: m.content_kind_message() })[kind];

/** The item a request names, or null for the lists; a malformed choice is a 404. */
function chosen(url: URL): { kind: ConsoleKind; id: number } | null {
  const kind = url.searchParams.get("kind");
  const id = url.searchParams.get("id");
  if (kind === null && id === null) return null;
  if (!KINDS.includes(kind as ConsoleKind) || !id || !/^\d{1,9}$/.test(id)) throw notFound();
  return { kind: kind as ConsoleKind, id: Number(id) };
}

export async function loader({ request, context }: Route.LoaderArgs) {
  operatorAccess(context);
  const db = dbFrom(context);
  const item = chosen(new URL(request.url));
  if (!item) {
    const [deity, puja, message] = await Promise.all(KINDS.map((kind) => listTranslatable(db, kind)));
    return { item: null, lists: { deity: deity!, puja: puja!, message: message! } };
  }
  const [english, variants] = await Promise.all([findTranslatable(db, item.kind, item.id), listVariants(db, item.kind, item.id)]);
  if (!english) throw notFound();
  return { item: { ...item, form: { fields: CONSOLE_KINDS[item.kind], english, variants } }, lists: null };
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = operatorAccess(context);
  const item = chosen(new URL(request.url));
  if (!item || !(await findTranslatable(dbFrom(context), item.kind, item.id))) throw notFound();
  const formData = await readForm(request, { maxFields: 32 });
  const back = `${PATH}?kind=${item.kind}&id=${item.id}`;
  return saveVariantsAction(context, formData, {
    kind: item.kind,
    refId: item.id,
    fields: CONSOLE_KINDS[item.kind],
    actor: { actorId: user.id },
    back,
  });
}

export const meta = () => pageMeta(m.operator_meta_enquiries({ title: m.content_console_title() }));

export default function OperatorLanguages({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useIsSubmitting(PATH);
  const { item, lists } = loaderData;
  if (item) {
    const english = item.form.english;
    return (
      <section aria-labelledby="languages-title">
        <p>
          <Link to={PATH}>{m.content_back_to_list()}</Link>
        </p>
        <h2 id="languages-title">{m.content_editing({ name: english.name ?? english.header ?? "" })}</h2>
        <ContentVariantsForm
          id={`${item.kind}-${item.id}-languages`}
          form={item.form}
          lastResult={replyFor(actionData, "languages")}
          busy={busy}
        />
      </section>
    );
  }
  return (
    <section aria-labelledby="languages-title">
      <h2 id="languages-title">{m.content_console_title()}</h2>
      <p>{m.content_console_intro()}</p>
      {KINDS.map((kind) => (
        <details key={kind} className="content-variants__list" open={kind === "deity"}>
          <summary>
            {kindLabel(kind)} ({lists![kind].length})
          </summary>
          <ul>
            {lists![kind].map((row) => (
              <li key={row.id}>
                <Link to={`${PATH}?kind=${kind}&id=${row.id}`}>{row.label}</Link>{" "}
                <span className="muted">
                  {plural(row.languages, m.content_languages_done_one, m.content_languages_done_other)({ count: String(row.languages) })}
                </span>
              </li>
            ))}
          </ul>
        </details>
      ))}
    </section>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
