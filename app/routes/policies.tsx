import { data } from "react-router";
import { GeneralErrorBoundary } from "~/components/layout/error-boundary";
import { PolicyText } from "~/components/layout/policy-text";
import { findPolicy } from "~/domain/content/policies.server";
import { cacheControlHeaders, sharedPageHeaders } from "~/lib/edge-cache/page-headers.server";
import { appEnv } from "~/lib/context.server";
import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/policies";
import { notFound } from "~/lib/not-found.server";
import { m } from "~/paraglide/messages";

/** A policy as a page (shareable, and the no-JavaScript path); the footer loads it into a modal. */
export function loader({ context, params, request }: Route.LoaderArgs) {
  const { config } = appEnv(context);
  const policy = findPolicy(params.slug, { site: config.SITE_NAME, email: config.SUPPORT_EMAIL, phone: config.SUPPORT_PHONE });
  if (!policy) throw notFound();
  return data({ policy }, { headers: sharedPageHeaders(request, 3600) });
}

export const headers = cacheControlHeaders;

export const meta: Route.MetaFunction = ({ loaderData: data }) =>
  data
    ? pageMeta(data.policy.title, m.pages_policy_meta_description({ title: data.policy.title }))
    : pageMeta(m.common_error_not_found_title());

export default function PolicyPage({ loaderData }: Route.ComponentProps) {
  const { policy } = loaderData;
  return (
    <article className="page page--narrow" aria-labelledby="policy-title">
      <h1 id="policy-title">{policy.title}</h1>
      <PolicyText policy={policy} headingLevel={2} />
    </article>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
