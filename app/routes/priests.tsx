import { useEffect, useRef } from "react";
import { data } from "react-router";
import { Link } from "~/components/localized";
import { PriestFilters } from "~/components/priest-filters";
import { TempleCard } from "~/components/temple-card";
import { PRIEST_PAGE_SIZE, priestsHref } from "~/domain/priests";
import { priestFilterSchema, searchPriestTemples } from "~/domain/priests.server";
import { dbFrom } from "~/lib/db.server";
import { cacheControlHeaders, publicCacheHeaders } from "~/lib/edge-cache.server";
import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/priests";

export async function loader({ context, request }: Route.LoaderArgs) {
  const filter = priestFilterSchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  const result = await searchPriestTemples(dbFrom(context), filter);
  if (result.message) return data({ filter, result }, { status: 400, headers: { "Cache-Control": "no-store" } });
  return data({ filter, result }, { headers: publicCacheHeaders(request) });
}

export const headers = cacheControlHeaders;

export const meta = () => pageMeta("Priests", "Find temples and their priests by puja, temple or priest name.");

function priestLine(priests: { named: string[]; unnamed: number }) {
  const names = [...priests.named];
  if (priests.unnamed) names.push(priests.unnamed === 1 ? "1 priest not named" : `${priests.unnamed} priests not named`);
  return names.join(", ");
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
      <h1 id="priests-title">Priests</h1>
      <p className="section-lead">Filters match whole names, in any case: pick a name from the list as you type.</p>
      <PriestFilters keys={filter} />
      <div className="priest-results">
        <p className="result-count" role="status">
          {result.total
            ? `Showing ${shown.toLocaleString("en-IN")} of ${result.total.toLocaleString("en-IN")} ${result.total === 1 ? "temple" : "temples"} · ${result.priestCount.toLocaleString("en-IN")} ${result.priestCount === 1 ? "priest" : "priests"} in all`
            : "No temples match"}
        </p>
        {shown === 0 ? (
          <div className="empty-state">
            <p className="empty-state__title">No Priests</p>
            {result.message ? (
              <p role="alert">
                {result.message} <Link to="/priests">Clear the filters</Link>.
              </p>
            ) : (
              <p>
                No temple has priests matching all of these filters. Filters match whole names only: choose a name
                from the list, or <Link to="/priests">clear the filters</Link>.
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
                  isAssisted={temple.isAssisted}
                  priority={index === 0}
                  eager={index < 4}
                >
                  <p className="card__text">
                    <span className="card__label">Priests: </span>
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
              Load more
            </Link>
          </p>
        ) : null}
      </div>
    </section>
  );
}
