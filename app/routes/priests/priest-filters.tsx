import { Form } from "~/components/layout/localized";
import { m } from "~/paraglide/messages";
import { PRIEST_FILTERS, type PriestFilterKeys, type PriestFilterName } from "~/domain/catalog/priests";
import { SEARCH_INPUT_MAX_LENGTH } from "~/domain/catalog/search";
import { useCleanGetSubmit } from "../../components/forms/clean-get";
import { Combobox, type ComboboxOption } from "../../components/forms/combobox";
import { fetchSuggestions } from "../../components/search/search-box";

function loaderFor(list: PriestFilterName) {
  return async (text: string, signal: AbortSignal): Promise<ComboboxOption[]> => {
    const items = await fetchSuggestions<{ label: string }>(list, text, signal);
    return items.map((item) => ({ key: item.label, label: item.label }));
  };
}

/**
 * The priests page's three filters (Puja, Temple, Priest) and Search. Clicking a filter
 * clears it and opens its list; a filter matches whole names only, so the lists help
 * pick an exact name.
 */
export function PriestFilters({ keys }: { keys: PriestFilterKeys }) {
  const submit = useCleanGetSubmit();
  return (
    <Form
      method="get"
      action="/priests"
      className="filters filters--priests"
      role="search"
      aria-label={m.priests_title()}
      onSubmit={(event) => {
        event.preventDefault();
        submit(event.currentTarget);
      }}
    >
      {PRIEST_FILTERS.map((filter) => (
        <Combobox
          key={`${filter.name}:${keys[filter.name]}`}
          label={filter.label}
          name={filter.name}
          defaultValue={keys[filter.name]}
          load={loaderFor(filter.name)}
          minChars={1}
          maxLength={SEARCH_INPUT_MAX_LENGTH}
          clearOnClick
          placeholder={filter.placeholder}
        />
      ))}
      <button type="submit" className="button button--primary">
        {m.priests_search_button()}
      </button>
    </Form>
  );
}
