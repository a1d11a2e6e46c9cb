import { Form, Link, useSearchParams } from "react-router";
import { TempleCard } from "~/components/temple-card";
import { templeWebsiteUrl } from "~/domain/temples";
import { listStatesWithDistricts, searchTemples, templeSearchSchema } from "~/domain/temples.server";
import { dbFrom } from "~/lib/db.server";
import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/temples";

export async function loader({ context, params, request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const search = templeSearchSchema.parse({
    key1: params.key1 ?? url.searchParams.get("key1") ?? undefined,
    key2: params.key2 ?? url.searchParams.get("key2") ?? undefined,
    key3: params.key3 ?? url.searchParams.get("key3") ?? undefined,
    state: url.searchParams.get("state") ?? undefined,
    district: url.searchParams.get("district") ?? undefined,
    page: url.searchParams.get("page") ?? undefined,
  });
  const db = dbFrom(context);
  const [result, states] = await Promise.all([searchTemples(db, search), listStatesWithDistricts(db)]);
  return { search, result, states };
}

export const meta: Route.MetaFunction = ({ loaderData: data }) =>
  pageMeta(
    data?.search.key2 ? `Temples: ${data.search.key2}` : "Temples",
    "Search Hindu temples across India by name, deity, puja, state and district.",
  );

export default function Temples({ loaderData }: Route.ComponentProps) {
  const { search, result, states } = loaderData;
  const [searchParams] = useSearchParams();
  const selectedState = states.find((s) => s.id === search.state);
  const pageHref = (page: number) => {
    const next = new URLSearchParams(searchParams);
    next.set("page", String(page));
    return `?${next.toString()}`;
  };
  return (
    <section className="page" aria-labelledby="temples-title">
      <h1 id="temples-title">Temples</h1>
      <Form method="get" className="filters" role="search">
        <input type="hidden" name="key1" value={search.key1 ?? "temple"} />
        <label>
          Search
          <input name="key2" type="search" defaultValue={search.key2 ?? ""} />
        </label>
        <label>
          State
          <select name="state" defaultValue={search.state ?? ""}>
            <option value="">All states</option>
            {states.map((state) => (
              <option key={state.id} value={state.id}>
                {state.name}
              </option>
            ))}
          </select>
        </label>
        <label>
          District
          <select name="district" defaultValue={search.district ?? ""}>
            <option value="">All districts</option>
            {(selectedState?.districts ?? states.flatMap((s) => s.districts)).map((district) => (
              <option key={district.id} value={district.id}>
                {district.name}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className="button button--primary">
          Search
        </button>
      </Form>
      <p className="result-count" role="status">
        {result.total.toLocaleString("en-IN")} temples
      </p>
      {result.temples.length === 0 ? (
        <div className="empty-state">
          <p>No Temples</p>
          <Link to="/temples">Browse all temples</Link>
        </div>
      ) : (
        <ul className="grid">
          {result.temples.map((temple) => (
            <li key={temple.id}>
              <TempleCard
                name={temple.name}
                imageUrl={temple.imageUrl}
                description={temple.description}
                place={`${temple.district}, ${temple.state}`}
                href={templeWebsiteUrl(temple.website)}
                onlineBooking={temple.onlineBooking}
                isAssisted={temple.isAssisted}
              />
            </li>
          ))}
        </ul>
      )}
      {result.pageCount > 1 ? (
        <nav className="pager" aria-label="Pages">
          {result.page > 1 ? <Link to={pageHref(result.page - 1)}>Previous</Link> : null}
          <span>
            Page {result.page} of {result.pageCount}
          </span>
          {result.page < result.pageCount ? <Link to={pageHref(result.page + 1)}>Next</Link> : null}
        </nav>
      ) : null}
    </section>
  );
}
