import { data } from "react-router";
import { Form, Link } from "~/components/localized";
import { useCleanGetSubmit } from "~/components/clean-get";
import { Pager } from "~/components/pager";
import { TempleSearchField } from "~/components/search-box";
import { TempleCard } from "~/components/temple-card";
import { searchTitle } from "~/domain/temples";
import { listSearchFilters, searchTemples, templeSearchSchema } from "~/domain/temples.server";
import { dbFrom } from "~/lib/db.server";
import { cacheControlHeaders, publicCacheHeaders } from "~/lib/edge-cache.server";
import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/temples";

/** /temples and /list: key1/key2/key3 from the path or the query, plus state, district, page. */
export async function loader({ context, params, request }: Route.LoaderArgs) {
  const query = new URL(request.url).searchParams;
  const search = templeSearchSchema.parse({
    key1: params.key1 ?? query.get("key1") ?? undefined,
    key2: params.key2 ?? query.get("key2") ?? undefined,
    key3: params.key3 ?? query.get("key3") ?? undefined,
    state: query.get("state") ?? undefined,
    district: query.get("district") ?? undefined,
    page: query.get("page") ?? undefined,
  });
  const db = dbFrom(context);
  const filters = await listSearchFilters(db, search.state);
  // A district only counts inside its state.
  if (search.district && !filters.districts.some((d) => d.id === search.district)) search.district = undefined;
  const result = await searchTemples(db, search);
  if (result.message) return data({ search, result, filters }, { status: 400, headers: { "Cache-Control": "no-store" } });
  return data({ search, result, filters }, { headers: publicCacheHeaders(request) });
}

export const headers = cacheControlHeaders;

export const meta: Route.MetaFunction = ({ loaderData: data }) =>
  pageMeta(
    data && !data.result.message ? searchTitle(data.result.kind, data.search.key2) : "Temples",
    "Search Hindu temples across India by name, deity, puja, state and district.",
  );

export default function Temples({ loaderData }: Route.ComponentProps) {
  const { search, result, filters } = loaderData;
  const submit = useCleanGetSubmit();
  const keep = new URLSearchParams();
  if (search.state) keep.set("state", String(search.state));
  if (search.district) keep.set("district", String(search.district));
  const title = result.message ? "Temples" : searchTitle(result.kind, search.key2);
  return (
    <section className="page" aria-labelledby="temples-title">
      <h1 id="temples-title">{title}</h1>
      <Form
        method="get"
        action="/temples"
        className="filters"
        role="search"
        aria-label="Temples"
        onSubmit={(event) => {
          event.preventDefault();
          submit(event.currentTarget);
        }}
      >
        <TempleSearchField
          label="Temple, deity or puja"
          defaultValue={search.key2 ?? ""}
          current={search.key2 ? { kind: result.kind, id: search.key3 } : undefined}
          keepParams={keep.toString()}
        />
        <div className="field">
          <label htmlFor="filter-state">State</label>
          <select
            id="filter-state"
            name="state"
            defaultValue={search.state ?? ""}
            key={`state-${search.state ?? ""}`}
            onChange={(event) => {
              const form = event.currentTarget.form!;
              const district = form.elements.namedItem("district");
              if (district instanceof HTMLSelectElement) district.disabled = true;
              submit(form, { preventScrollReset: true });
            }}
          >
            <option value="">All states</option>
            {filters.states.map((state) => (
              <option key={state.id} value={state.id}>
                {state.name}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="filter-district">District</label>
          <select id="filter-district" name="district" defaultValue={search.district ?? ""} key={`district-${search.state ?? ""}-${search.district ?? ""}`} disabled={!search.state}>
            <option value="">{search.state ? "All districts" : "Choose a state first"}</option>
            {filters.districts.map((district) => (
              <option key={district.id} value={district.id}>
                {district.name}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="button button--primary">
          Search
        </button>
      </Form>
      <p className="result-count" role="status">
        {result.total === 1 ? "1 temple" : `${result.total.toLocaleString("en-IN")} temples`}
      </p>
      {result.temples.length === 0 ? (
        <div className="empty-state">
          <p className="empty-state__title">No Temples</p>
          {result.message ? (
            <p role="alert">
              {result.message} <Link to="/temples">Browse all temples</Link>.
            </p>
          ) : (
            <p>
              Nothing matches this search. Check the spelling, choose a suggestion while typing, or{" "}
              <Link to="/temples">browse all temples</Link>.
            </p>
          )}
        </div>
      ) : (
        <ul className="grid">
          {result.temples.map((temple, index) => (
            <li key={temple.id}>
              <TempleCard
                name={temple.name}
                slug={temple.slug}
                imageUrl={temple.imageUrl}
                description={temple.description}
                place={`${temple.district}, ${temple.state}`}
                website={temple.website}
                onlineBooking={temple.onlineBooking}
                isAssisted={temple.isAssisted}
                eager={index < 4}
                priority={index === 0}
              />
            </li>
          ))}
        </ul>
      )}
      <Pager page={result.page} pageCount={result.pageCount} />
    </section>
  );
}
