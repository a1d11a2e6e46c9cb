import { pagePath } from "~/lib/i18n";
import { m } from "~/paraglide/messages";
import { useEffect, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { Form } from "~/components/layout/localized";
import { SEARCH_REDIRECT_DELAY_MS, suggestionHref, type SearchKind, type Suggestion } from "~/domain/catalog/temples";
import { SEARCH_INPUT_MAX_LENGTH } from "~/domain/catalog/search";
import { Combobox, type ComboboxOption } from "../forms/combobox";

/** What a suggestion is, in the page's language (read when the list is shown). */
function kindHint(kind: SearchKind): string {
  if (kind === "deity") return m.temples_kind_deity();
  if (kind === "puja") return m.temples_kind_puja();
  return m.temples_kind_temple();
}

/** Fetches autocomplete answers from the suggest endpoint (workers/suggest.ts). */
export async function fetchSuggestions<T>(list: string, text: string, signal: AbortSignal): Promise<T[]> {
  const response = await fetch(pagePath(`/api/suggest?list=${list}&q=${encodeURIComponent(text)}`), { signal });
  if (!response.ok) throw new Error(`suggest ${response.status}`);
  const body = (await response.json()) as { items: T[] };
  return body.items;
}

interface TempleSearchFieldProps {
  label: string;
  hideLabel?: boolean;
  defaultValue?: string;
  /** The current search's key1/key3, kept while its text is unchanged. */
  current?: { kind: SearchKind; id?: number };
  /** Query string added to a chosen suggestion's address (e.g. state and district). */
  keepParams?: string;
  placeholder?: string;
}

/**
 * The temple search text box: suggestions of temples, deities ("<name> Temples") and
 * pujas. Choosing one opens the temples list after 500 ms; Enter searches the text.
 */
export function TempleSearchField({ label, hideLabel, defaultValue = "", current, keepParams, placeholder }: TempleSearchFieldProps) {
  const navigate = useNavigate();
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const suggestions = useRef(new Map<string, Suggestion>());
  const [hydrated, setHydrated] = useState(false);
  const [unchanged, setUnchanged] = useState(true);

  useEffect(() => {
    setHydrated(true);
    return () => clearTimeout(timer.current);
  }, []);
  useEffect(() => setUnchanged(true), [defaultValue]);

  async function load(text: string, signal: AbortSignal): Promise<ComboboxOption[]> {
    const items = await fetchSuggestions<Suggestion>("search", text, signal);
    return items.map((item) => {
      const key = `${item.kind}-${item.id}`;
      suggestions.current.set(key, item);
      // A temple shows the name it has everywhere else in the page's language, its English
      // name beside it where that differs (or its other name, perhaps what was typed), and where it is.
      return {
        key,
        label: item.text ?? item.label,
        detail: item.text && item.kind === "temple" ? item.label : item.otherName,
        badge: item.verified ? m.trust_badge() : undefined,
        hint: item.place ? `${kindHint(item.kind)} · ${item.place}` : kindHint(item.kind),
      };
    });
  }

  function onChoose(option: ComboboxOption) {
    const suggestion = suggestions.current.get(option.key);
    if (!suggestion) return;
    clearTimeout(timer.current);
    const href = suggestionHref(suggestion) + (keepParams ? `?${keepParams}` : "");
    timer.current = setTimeout(() => navigate(pagePath(href)), SEARCH_REDIRECT_DELAY_MS);
  }

  return (
    <>
      <Combobox
        label={label}
        hideLabel={hideLabel}
        name="key2"
        id="temple-search"
        defaultValue={defaultValue}
        placeholder={placeholder}
        enterKeyHint="search"
        maxLength={SEARCH_INPUT_MAX_LENGTH}
        load={load}
        onChoose={onChoose}
        onTextChange={(text) => {
          clearTimeout(timer.current);
          setUnchanged(text === defaultValue);
        }}
      />
      {hydrated && unchanged && current && defaultValue ? (
        <>
          <input type="hidden" name="key1" value={current.kind} />
          {current.id ? <input type="hidden" name="key3" value={current.id} /> : null}
        </>
      ) : null}
    </>
  );
}

/** The home page's search: one box and a Search button, posting to the temples list. */
export function HomeSearch() {
  return (
    <Form method="get" action="/temples" className="search-box" role="search" aria-label={m.home_search_form_label()}>
      <TempleSearchField label={m.home_search_label()} hideLabel placeholder={m.home_search_placeholder()} />
      <button type="submit" className="button button--accent">
        {m.home_search_button()}
      </button>
    </Form>
  );
}
