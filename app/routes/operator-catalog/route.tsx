/** The portal's catalogue: add deities and pujas; edit packages' home-page text and switch them on or off. */
import { Form } from "~/components/layout/localized";
import { DeskTable } from "~/components/desk/desk-table";
import { CheckboxField } from "~/components/forms/form-fields";
import { deskStatusHandlers, GeneralErrorBoundary } from "~/components/layout/error-boundary";
import { SimpleCatalogForm } from "./operator-catalog-forms";
import { deitySchema, masterPujaSchema, OPERATOR_MESSAGES as M, packageSchema } from "~/domain/temples-admin/console";
import { addDeity, addMasterPuja, loadCatalog, updatePackage } from "~/domain/temples-admin/catalogue.server";
import { MAX_UNITS_PER_CHARACTER } from "~/domain/text";
import { dbFrom } from "~/lib/db.server";
import { pageMeta } from "~/lib/meta";
import { operatorAccess } from "~/web/role-guards.server";
import type { Route } from "./+types/route";
import { backWithToast } from "~/web/staff-actions.server";
import { parseSubmission, readForm } from "~/lib/form-data.server";
import { notFound } from "~/lib/not-found.server";
import { m } from "~/paraglide/messages";
import { replyFor, replyToForm } from "~/web/form-reply";

export async function loader({ context }: Route.LoaderArgs) {
  return loadCatalog(dbFrom(context));
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = operatorAccess(context);
  const formData = await readForm(request);
  const db = dbFrom(context);
  const done = () => backWithToast(context, formData, "/operator/catalog", { type: "success", message: M.saved });
  const intent = String(formData.get("intent"));
  if (intent === "package") {
    const parsed = packageSchema.safeParse(Object.fromEntries(formData));
    if (!parsed.success) return backWithToast(context, formData, "/operator/catalog", { type: "error", message: M.packageDesc });
    if (!(await updatePackage(db, user.id, { ...parsed.data, active: parsed.data.active === "on" }))) throw notFound();
    return done();
  }
  const submission = parseSubmission(formData, intent === "deity" ? deitySchema : masterPujaSchema);
  if (submission.status !== "success") return replyToForm(intent, submission.reply());
  const value = submission.value;
  const added = value.intent === "deity" ? await addDeity(db, user.id, value) : await addMasterPuja(db, user.id, value);
  if (!added) {
    const message = value.intent === "deity" ? M.deityTaken : M.pujaTaken;
    return replyToForm(intent, submission.reply({ fieldErrors: { name: [message] } }));
  }
  return done();
}

export const meta = () => pageMeta(m.operator_meta_catalog());

export default function OperatorCatalog({ loaderData, actionData }: Route.ComponentProps) {
  const { deities, pujas, packages } = loaderData;
  return (
    <>
      <section aria-labelledby="deities-title">
        <h2 id="deities-title">{m.operator_catalog_deities({ count: deities.length })}</h2>
        <p>{deities.map((d) => d.name).join(", ")}</p>
        <SimpleCatalogForm kind="deity" lastResult={replyFor(actionData, "deity")} />
      </section>
      <section aria-labelledby="pujas-title">
        <h2 id="pujas-title">{m.operator_catalog_pujas({ count: pujas.length })}</h2>
        <p>{pujas.map((p) => p.name).join(", ")}</p>
        <SimpleCatalogForm kind="puja" lastResult={replyFor(actionData, "puja")} />
      </section>
      <section aria-labelledby="packages-title">
        <h2 id="packages-title">{m.operator_catalog_packages()}</h2>
        <DeskTable caption={m.operator_catalog_packages_caption()} headings={[m.operator_col_package(), m.operator_col_home_text_status()]}>
          {packages.map((pkg) => (
            <tr key={pkg.id}>
              <th scope="row">{pkg.name}</th>
              <td>
                <Form method="post" className="desk-inline-form" aria-label={m.operator_catalog_package_label({ name: pkg.name })}>
                  <input type="hidden" name="packageId" value={pkg.id} />
                  <label htmlFor={`package-${pkg.id}`}>{m.operator_catalog_short_desc()}</label>
                  <input
                    id={`package-${pkg.id}`}
                    type="text"
                    name="homePageShortDesc"
                    defaultValue={pkg.homePageShortDesc}
                    minLength={5}
                    maxLength={200 * MAX_UNITS_PER_CHARACTER}
                    required
                  />
                  <CheckboxField name="active" defaultChecked={pkg.active} label={m.operator_catalog_shown()} />
                  <button type="submit" name="intent" value="package" className="button button--small">
                    {m.operator_save()}
                  </button>
                </Form>
              </td>
            </tr>
          ))}
        </DeskTable>
      </section>
    </>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary statusHandlers={deskStatusHandlers} />;
}
