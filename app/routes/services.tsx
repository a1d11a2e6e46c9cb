import { data } from "react-router";
import { Link } from "~/components/layout/localized";
import { offerings } from "~/domain/content/offerings";
import { offeringPoints } from "~/domain/content/offering-details";
import { cacheControlHeaders, sharedPageHeaders } from "~/lib/edge-cache/page-headers.server";
import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/services";
import { m } from "~/paraglide/messages";

export function loader({ request }: Route.LoaderArgs) {
  return data(null, { headers: sharedPageHeaders(request) });
}

export const headers = cacheControlHeaders;

export const meta = () => pageMeta(m.pages_services_meta_title(), m.pages_services_meta_description());

export default function Services() {
  const points = offeringPoints();
  return (
    <section className="page" aria-labelledby="services-title">
      <h1 id="services-title">{m.pages_services_title()}</h1>
      <p className="section-lead">{m.pages_services_lead()}</p>
      <div className="grid grid--services">
        {offerings().map((offering) => (
          <section key={offering.slug} id={offering.slug} className="card service" aria-labelledby={`${offering.slug}-title`}>
            <div className="card__body">
              <h2 id={`${offering.slug}-title`} className="card__title">
                {offering.title}
              </h2>
              <p>{offering.summary}</p>
              <ul className="service__points">
                {points[offering.slug].map((point) => (
                  <li key={point}>{point}</li>
                ))}
              </ul>
            </div>
          </section>
        ))}
      </div>
      <p className="cta">
        <Link className="button button--primary" to="/temple-signup">
          {m.pages_services_register()}
        </Link>
      </p>
    </section>
  );
}
