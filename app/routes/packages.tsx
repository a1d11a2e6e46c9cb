/** The packages site's home: every active puja package, each leading to its page_details page. */
import { data } from "react-router";
import { Card } from "~/components/layout/card";
import { GeneralErrorBoundary } from "~/components/layout/error-boundary";
import { listActivePackages } from "~/domain/content/content.server";
import { dbFrom } from "~/lib/db.server";
import { cacheControlHeaders, sharedPageHeaders } from "~/lib/edge-cache/page-headers.server";
import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/packages";
import { m } from "~/paraglide/messages";

const PACKAGE_LIST_LIMIT = 100;

export async function loader({ context, request }: Route.LoaderArgs) {
  const packages = await listActivePackages(dbFrom(context), PACKAGE_LIST_LIMIT);
  return data({ packages }, { headers: sharedPageHeaders(request) });
}

export const headers = cacheControlHeaders;
export const meta = () => pageMeta(m.pages_packages_title(), m.pages_packages_lead());

export default function Packages({ loaderData }: Route.ComponentProps) {
  return (
    <section className="page" aria-labelledby="packages-title">
      <h1 id="packages-title">{m.pages_packages_title()}</h1>
      <p className="section-lead">{m.pages_packages_lead()}</p>
      <ul className="grid package-grid">
        {loaderData.packages.map((pkg) => (
          <li key={pkg.id}>
            <Card title={pkg.name} href={`/page_details?packageId=${pkg.id}`} imageUrl={pkg.imagePath} className="package-card">
              <p className="card__text">{pkg.homePageShortDesc}</p>
            </Card>
          </li>
        ))}
      </ul>
    </section>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
