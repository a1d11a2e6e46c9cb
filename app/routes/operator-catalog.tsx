/** The portal's catalogue: add deities and pujas; edit packages' home-page text and switch them on or off. */
import type { SubmissionResult } from "@conform-to/react";
import { data } from "react-router";
import { Form } from "~/components/localized";
import { deskStatusHandlers, GeneralErrorBoundary } from "~/components/error-boundary";
import { SimpleCatalogForm } from "~/components/operator-catalog-forms";
import { deitySchema, masterPujaSchema, OPERATOR_MESSAGES as M, packageSchema } from "~/domain/operator";
import { addDeity, addMasterPuja, loadCatalog, updatePackage } from "~/domain/operator-content.server";
import { MAX_UNITS_PER_CHARACTER } from "~/domain/text";
import { dbFrom } from "~/lib/db.server";
import { pageMeta } from "~/lib/meta";
import { operatorAccess } from "~/web/role-guards.server";
import type { Route } from "./+types/operator-catalog";
import { backWithToast } from "./desk-actions.server";
import { parseSubmission, readForm } from "~/lib/form-data.server";
import { notFound } from "~/lib/not-found.server";

export async function loader({ context }: Route.LoaderArgs) {
  return loadCatalog(dbFrom(context));
}

type Reply = { intent: string; result: SubmissionResult<string[]> };

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
  if (submission.status !== "success") return data<Reply>({ intent, result: submission.reply() }, { status: 400 });
  const value = submission.value;
  const added = value.intent === "deity" ? await addDeity(db, user.id, value) : await addMasterPuja(db, user.id, value);
  if (!added) {
    const message = value.intent === "deity" ? M.deityTaken : M.pujaTaken;
    return data<Reply>({ intent, result: submission.reply({ fieldErrors: { name: [message] } }) }, { status: 400 });
  }
  return done();
}

export const meta = () => pageMeta("Catalogue · Operator console");

export default function OperatorCatalog({ loaderData, actionData }: Route.ComponentProps) {
  const { deities, pujas, packages } = loaderData;
  const reply = (intent: string) => (actionData?.intent === intent ? actionData.result : undefined);
  return (
    <>
      <section aria-labelledby="deities-title">
        <h2 id="deities-title">Deities ({deities.length})</h2>
        <p>{deities.map((d) => d.name).join(", ")}</p>
        <SimpleCatalogForm kind="deity" lastResult={reply("deity")} />
      </section>
      <section aria-labelledby="pujas-title">
        <h2 id="pujas-title">Pujas ({pujas.length})</h2>
        <p>{pujas.map((p) => p.name).join(", ")}</p>
        <SimpleCatalogForm kind="puja" lastResult={reply("puja")} />
      </section>
      <section aria-labelledby="packages-title">
        <h2 id="packages-title">Packages</h2>
        <div className="table-scroll">
          <table className="desk-table">
            <caption>Puja packages on the home page and the packages site</caption>
            <thead>
              <tr>
                <th scope="col">Package</th>
                <th scope="col">Home page text and status</th>
              </tr>
            </thead>
            <tbody>
              {packages.map((pkg) => (
                <tr key={pkg.id}>
                  <th scope="row">{pkg.name}</th>
                  <td>
                    <Form method="post" className="desk-inline-form" aria-label={`Package ${pkg.name}`}>
                      <input type="hidden" name="packageId" value={pkg.id} />
                      <label htmlFor={`package-${pkg.id}`}>Short description</label>
                      <input id={`package-${pkg.id}`} type="text" name="homePageShortDesc" defaultValue={pkg.homePageShortDesc} minLength={5} maxLength={200 * MAX_UNITS_PER_CHARACTER} required />
                      <label>
                        <input type="checkbox" name="active" value="on" defaultChecked={pkg.active} /> Shown to devotees
                      </label>
                      <button type="submit" name="intent" value="package" className="button button--small">
                        Save
                      </button>
                    </Form>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>
    </>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary statusHandlers={deskStatusHandlers} />;
}
