import { Form, Link, useSearchParams } from "react-router";
import { TempleCard } from "~/components/temple-card";
import { PRIEST_PAGE_SIZE } from "~/domain/priests";
import { priestFilterSchema, searchPriestTemples } from "~/domain/priests.server";
import { templeWebsiteUrl } from "~/domain/temples";
import { dbFrom } from "~/lib/db.server";
import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/priests";

export async function loader({ context, request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const filter = priestFilterSchema.parse(Object.fromEntries(url.searchParams));
  const result = await searchPriestTemples(dbFrom(context), filter);
  return { filter, result };
}

export const meta = () => pageMeta("Priests", "Find temples and their priests by puja, temple or priest name.");

export default function Priests({ loaderData }: Route.ComponentProps) {
  const { filter, result } = loaderData;
  const [searchParams] = useSearchParams();
  const more = new URLSearchParams(searchParams);
  more.set("shown", String(filter.shown + PRIEST_PAGE_SIZE));
  return (
    <section className="page" aria-labelledby="priests-title">
      <h1 id="priests-title">Priests</h1>
      <Form method="get" className="filters" role="search">
        <label>
          Puja
          <input name="puja" defaultValue={filter.puja ?? ""} autoComplete="off" />
        </label>
        <label>
          Temple
          <input name="temple" defaultValue={filter.temple ?? ""} autoComplete="off" />
        </label>
        <label>
          Priest
          <input name="priest" defaultValue={filter.priest ?? ""} autoComplete="off" />
        </label>
        <button type="submit" className="button button--primary">
          Search
        </button>
      </Form>
      <p className="result-count" role="status">
        {result.total.toLocaleString("en-IN")} temples · {result.priestCount.toLocaleString("en-IN")} priests
      </p>
      {result.temples.length === 0 ? (
        <p className="empty-state">No priests match these filters. Clear a filter to see more.</p>
      ) : (
        <ul className="grid">
          {result.temples.map((temple) => (
            <li key={temple.id}>
              <TempleCard
                name={temple.name}
                imageUrl={temple.imageUrl}
                place={`${temple.district}, ${temple.state}`}
                href={templeWebsiteUrl(temple.website)}
                onlineBooking={temple.onlineBooking}
                isAssisted={temple.isAssisted}
              >
                {temple.priests.length ? (
                  <p className="card__text">Priests: {temple.priests.join(", ")}</p>
                ) : null}
              </TempleCard>
            </li>
          ))}
        </ul>
      )}
      {result.temples.length < result.total ? (
        <p className="cta">
          <Link className="button" to={`?${more.toString()}`} preventScrollReset>
            Load more
          </Link>
        </p>
      ) : null}
    </section>
  );
}
