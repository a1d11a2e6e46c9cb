import { MessageWith } from "~/components/layout/message-with";
import { useEffect, useRef } from "react";
import { data } from "react-router";
import { Link } from "~/components/layout/localized";
import { PriestFilters } from "./priest-filters";
import { TempleCard } from "~/components/search/temple-card";
import { PRIEST_PAGE_SIZE, priestsHref } from "~/domain/catalog/priests";
import { priestFilterSchema, searchPriestTemples } from "~/domain/catalog/priests.server";
import { dbFrom } from "~/lib/db.server";
import { cacheControlHeaders, sharedPageHeaders } from "~/lib/edge-cache/page-headers.server";
import { pageMeta } from "~/lib/meta";
import { formatCount } from "~/domain/text";
import { plural } from "~/lib/i18n";
import { m } from "~/paraglide/messages";
import type { Route } from "./+types/route";

export async function loader({ context, request }: Route.LoaderArgs) {
  const filter = priestFilterSchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  const result = await searchPriestTemples(dbFrom(context), filter);
  if (result.message) return data({ filter, result }, { status: 400, headers: { "Cache-Control": "no-store" } });
  return data({ filter, result }, { headers: sharedPageHeaders(request) });
}

export const headers = cacheControlHeaders;

export const meta = () => pageMeta(m.priests_title(), m.priests_meta_description());

function priestLine(priests: { named: string[]; unnamed: number }) {
  const names = [...priests.named];
  if (priests.unnamed)
    names.push(plural(priests.unnamed, m.priests_not_named_one, m.priests_not_named_other)({ count: formatCount(priests.unnamed) }));
  return names.join(", ");
}

/** "Showing 20 of 143 temples · 310 priests in all", in the page's language. */
function resultCount(shown: number, total: number, priestCount: number) {
  const showing = plural(total, m.priests_showing_one, m.priests_showing_other)({ shown: formatCount(shown), count: formatCount(total) });
  const inAll = plural(priestCount, m.priests_in_all_one, m.priests_in_all_other)({ count: formatCount(priestCount) });
  return `${showing} · ${inAll}`;
}

export default function Priests({ loaderData }: Route.ComponentProps) {
  const { filter, result } = loaderData;
  const shown = result.temples.length;
  const previousShown = useRef(shown);
  const grid = useRef<HTMLUListElement>(null);

  // After "Load more", keyboard focus moves to the first new card.
  useEffect(() => {
    if (shown > previousShown.current) {
      grid.current?.querySelector<HTMLElement>(`#priest-result-${previousShown.current + 1} a`)?.focus();
    }
    previousShown.current = shown;
  }, [shown]);

  return (
    <section className="page" aria-labelledby="priests-title">
      <h1 id="priests-title">{m.priests_title()}</h1>
      <p className="section-lead">{m.priests_lead()}</p>
      <PriestFilters keys={filter} />
      <div className="priest-results">
        <p className="result-count" role="status">
          {result.total ? resultCount(shown, result.total, result.priestCount) : m.priests_no_temples_match()}
        </p>
        {shown === 0 ? (
          <div className="empty-state">
            <p className="empty-state__title">{m.priests_empty_title()}</p>
            {result.message ? (
              <p role="alert">
                {result.message}{" "}
                <MessageWith message={(link) => m.priests_clear_filters_sentence({ link })}>
                  <Link to="/priests">{m.priests_clear_filters()}</Link>
                </MessageWith>
              </p>
            ) : (
              <p>
                <MessageWith message={(link) => m.priests_no_match({ link })}>
                  <Link to="/priests">{m.priests_no_match_link()}</Link>
                </MessageWith>
              </p>
            )}
          </div>
        ) : (
          <ul className="grid" ref={grid}>
            {result.temples.map((temple, index) => (
              <li key={temple.id} id={`priest-result-${index + 1}`}>
                <TempleCard
                  name={temple.name}
                  slug={temple.slug}
                  preferWebsite
                  imageUrl={temple.imageUrl}
                  place={`${temple.district}, ${temple.state}`}
                  website={temple.website}
                  onlineBooking={temple.onlineBooking}
                  verified={temple.verified}
                  isAssisted={temple.isAssisted}
                  priority={index === 0}
                  eager={index < 4}
                >
                  <p className="card__text">
                    <span className="card__label">{m.priests_card_label()} </span>
                    {priestLine(temple.priests)}
                  </p>
                </TempleCard>
              </li>
            ))}
          </ul>
        )}
        {shown < result.total ? (
          <p className="cta">
            <Link
              className="button"
              to={`${priestsHref(filter, filter.shown + PRIEST_PAGE_SIZE)}#priest-result-${shown + 1}`}
              preventScrollReset
            >
              {m.priests_load_more()}
            </Link>
          </p>
        ) : null}
      </div>
    </section>
  );
}
