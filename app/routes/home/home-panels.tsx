import { Link } from "~/components/layout/localized";
import { m } from "~/paraglide/messages";
import { knowledge, offerings } from "~/domain/content/offerings";

/**
 * The home page's services and knowledge panels: each entry slides open in place
 * (native disclosures, so they work from the keyboard and without JavaScript).
 */
export function InfoPanels() {
  return (
    <div className="info-panels">
      <section className="info-panel" aria-labelledby="services-panel-title">
        <h2 id="services-panel-title">{m.home_services_panel_title()}</h2>
        {offerings().map((offering) => (
          <details key={offering.slug} className="slide-panel">
            <summary>{offering.title}</summary>
            <div className="slide-panel__body">
              <p>{offering.summary}</p>
              <Link to={`/services#${offering.slug}`}>{m.home_more_about({ topic: offering.title.toLowerCase() })}</Link>
            </div>
          </details>
        ))}
      </section>
      <section className="info-panel" aria-labelledby="knowledge-panel-title">
        <h2 id="knowledge-panel-title">{m.home_knowledge_title()}</h2>
        {knowledge().map((entry) => (
          <details key={entry.title} className="slide-panel">
            <summary>{entry.title}</summary>
            <div className="slide-panel__body">
              <p>{entry.text}</p>
            </div>
          </details>
        ))}
      </section>
    </div>
  );
}
