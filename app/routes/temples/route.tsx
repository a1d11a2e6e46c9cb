import { MessageWith } from "~/components/layout/message-with";
import { data } from "react-router";
import { Form, Link } from "~/components/layout/localized";
import { useCleanGetSubmit } from "~/components/forms/clean-get";
import { Pager } from "./pager";
import { TempleSearchField } from "~/components/search/search-box";
import { TempleCard } from "~/components/search/temple-card";
import { searchTitle } from "~/domain/catalog/temples";
import { templesPage } from "~/domain/catalog/temples-page.server";
import { templeSearchSchema } from "~/domain/catalog/temples.server";
import { dbFrom } from "~/lib/db.server";
import { cacheControlHeaders, sharedPageHeaders } from "~/lib/edge-cache/page-headers.server";
import { pageMeta } from "~/lib/meta";
import { formatCount } from "~/domain/text";
import { plural } from "~/lib/i18n";
import { m } from "~/paraglide/messages";
import type { Route } from "./+types/route";

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
  // A district only counts inside its state (templesPage drops any other).
  const { filters, result, search: kept } = await templesPage(dbFrom(context), search);
  if (result.message) return data({ search: kept, result, filters }, { status: 400, headers: { "Cache-Control": "no-store" } });
  return data({ search: kept, result, filters }, { headers: sharedPageHeaders(request) });
}

export const headers = cacheControlHeaders;

export const meta: Route.MetaFunction = ({ loaderData: data }) =>
  pageMeta(
    data && !data.result.message ? searchTitle(data.result.kind, data.search.key2) : m.temples_title(),
    m.temples_meta_description(),
  );

export default function Temples({ loaderData }: Route.ComponentProps) {
  const { search, result, filters } = loaderData;
  const submit = useCleanGetSubmit();
  const keep = new URLSearchParams();
  if (search.state) keep.set("state", String(search.state));
  if (search.district) keep.set("district", String(search.district));
  const title = result.message ? m.temples_title() : searchTitle(result.kind, search.key2);
  return (
    <section className="page" aria-labelledby="temples-title">
      <h1 id="temples-title">{title}</h1>
      <Form
        method="get"
        action="/temples"
        className="filters"
        role="search"
        aria-label={m.temples_title()}
        onSubmit={(event) => {
          event.preventDefault();
          submit(event.currentTarget);
        }}
      >
        <TempleSearchField
          label={m.temples_search_field_label()}
          defaultValue={search.key2 ?? ""}
          current={search.key2 ? { kind: result.kind, id: search.key3 } : undefined}
          keepParams={keep.toString()}
        />
        <div className="field">
          <label htmlFor="filter-state">{m.temples_state()}</label>
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
            <option value="">{m.temples_all_states()}</option>
            {filters.states.map((state) => (
              <option key={state.id} value={state.id}>
                {state.name}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="filter-district">{m.temples_district()}</label>
          <select
            id="filter-district"
            name="district"
            defaultValue={search.district ?? ""}
            key={`district-${search.state ?? ""}-${search.district ?? ""}`}
            disabled={!search.state}
          >
            <option value="">{search.state ? m.temples_all_districts() : m.temples_choose_state_first()}</option>
            {filters.districts.map((district) => (
              <option key={district.id} value={district.id}>
                {district.name}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="button button--primary">
          {m.temples_search_button()}
        </button>
      </Form>
      <p className="result-count" role="status">
        {plural(result.total, m.temples_count_one, m.temples_count_other)({ count: formatCount(result.total) })}
      </p>
      {result.temples.length === 0 ? (
        <div className="empty-state">
          <p className="empty-state__title">{m.temples_empty_title()}</p>
          {result.message ? (
            <p role="alert">
              {result.message}{" "}
              <MessageWith message={(link) => m.temples_browse_all_sentence({ link })}>
                <Link to="/temples">{m.temples_browse_all()}</Link>
              </MessageWith>
            </p>
          ) : (
            <p>
              <MessageWith message={(link) => m.temples_no_match({ link })}>
                <Link to="/temples">{m.temples_no_match_link()}</Link>
              </MessageWith>
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
                verified={temple.verified}
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
