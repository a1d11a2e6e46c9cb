/** The console's "find a temple" search (temples and staff, search names): a GET form that works without JavaScript. */
import { m } from "~/paraglide/messages";
import { SEARCH_INPUT_MAX_LENGTH } from "~/domain/catalog/search";
import { Form } from "../layout/localized";

export function TempleFinder({ id, query }: { id: string; query: string }) {
  return (
    <Form method="get" className="desk-inline-form desk-inline-form--row" role="search">
      <label htmlFor={id}>{m.operator_temples_search_label()}</label>
      <input id={id} type="search" name="q" defaultValue={query} maxLength={SEARCH_INPUT_MAX_LENGTH} />
      <button type="submit" className="button button--small">
        {m.operator_temples_find()}
      </button>
    </Form>
  );
}
