/**
 * What "Verified" means and what was checked: the badge on cards, temple sites and suggestions
 * links here (/verified), or to one temple's checks (/t/<slug>/verified).
 */
import { data, href } from "react-router";
import { Link } from "~/components/layout/localized";
import { GeneralErrorBoundary } from "~/components/layout/error-boundary";
import { loadPublicVerification } from "~/domain/trust/verification.server";
import { longDate } from "~/domain/text";
import { cacheControlHeaders, sharedPageHeaders } from "~/lib/edge-cache/page-headers.server";
import { dbFrom } from "~/lib/db.server";
import { pageMeta } from "~/lib/meta";
import { notFound } from "~/lib/not-found.server";
import { m } from "~/paraglide/messages";
import type { Route } from "./+types/trust-verified";

export async function loader({ params, context, request }: Route.LoaderArgs) {
  const temple = params.slug ? await loadPublicVerification(dbFrom(context), params.slug) : null;
  if (params.slug && !temple) throw notFound();
  return data({ temple }, { headers: sharedPageHeaders(request) });
}

export const headers = cacheControlHeaders;

export const meta: Route.MetaFunction = ({ loaderData }) =>
  pageMeta(loaderData?.temple ? m.trust_verified_temple_title({ temple: loaderData.temple.displayName }) : m.trust_verified_title());

type PublicTemple = NonNullable<Route.ComponentProps["loaderData"]["temple"]>;

function TempleChecks({ temple }: { temple: PublicTemple }) {
  const site = href("/:lang?/t/:slug", { slug: temple.slug });
  if (!temple.verified) {
    return (
      <section aria-labelledby="temple-checks">
        <h2 id="temple-checks">{temple.displayName}</h2>
        <p className="notice">{m.trust_verified_not_yet({ temple: temple.displayName })}</p>
        <p>
          <Link to={site}>{m.trust_back_to_temple()}</Link>
        </p>
      </section>
    );
  }
  return (
    <section aria-labelledby="temple-checks">
      <h2 id="temple-checks">{temple.displayName}</h2>
      <ul className="trust-checks">
        <li>{m.trust_verified_documents_on({ date: longDate(temple.documentsCheckedAt!.slice(0, 10)) })}</li>
        <li>{m.trust_verified_trust({ trust: temple.trustName ?? "", registration: temple.registrationNo ?? "" })}</li>
        <li>{m.trust_verified_confirmed_on({ date: longDate(temple.staffConfirmedAt!.slice(0, 10)) })}</li>
        {temple.registration80g && temple.valid80gFrom && temple.valid80gTo ? (
          <li>
            {m.trust_verified_80g({
              registration: temple.registration80g,
              from: longDate(temple.valid80gFrom),
              to: longDate(temple.valid80gTo),
            })}
            {temple.renovationOnly ? ` ${m.trust_verified_80g_renovation()}` : ""}
          </li>
        ) : (
          <li>{m.trust_verified_no_80g()}</li>
        )}
      </ul>
      <p>
        <Link to={site}>{m.trust_back_to_temple()}</Link> ·{" "}
        <Link to={href("/:lang?/t/:slug/donations", { slug: temple.slug })}>{m.trust_donations_received()}</Link>
      </p>
    </section>
  );
}

export default function Verified({ loaderData }: Route.ComponentProps) {
  const { temple } = loaderData;
  return (
    <article className="page page--narrow" aria-labelledby="verified-title">
      <h1 id="verified-title">{m.trust_verified_title()}</h1>
      <p>{m.trust_verified_intro()}</p>
      {temple ? <TempleChecks temple={temple} /> : null}
      <h2>{m.trust_verified_what_title()}</h2>
      <ol className="trust-checks">
        <li>{m.trust_verified_check_registration()}</li>
        <li>{m.trust_verified_check_pan()}</li>
        <li>{m.trust_verified_check_bank()}</li>
        <li>{m.trust_verified_check_authorised()}</li>
        <li>{m.trust_verified_check_80g()}</li>
        <li>{m.trust_verified_check_consent()}</li>
      </ol>
      <p>{m.trust_verified_payments()}</p>
      <p>
        {m.trust_verified_receipts()} <Link to={href("/:lang?/verify/:code?")}>{m.trust_verify_title()}</Link>
      </p>
    </article>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
