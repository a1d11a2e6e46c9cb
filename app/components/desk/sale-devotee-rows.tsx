/**
 * The devotees of a sale, a row each (name, star, gotra), as the counter and the operator's
 * assisted booking ask for them: plain inputs named `devotees[i].*`, so the form posts without
 * JavaScript and one schema reads both.
 */
import { FieldErrors } from "~/components/forms/form-fields";
import { m } from "~/paraglide/messages";

export function SaleDevoteeRows(props: {
  /** Prefix of the inputs' ids ("counter", "assisted"). */
  idPrefix: string;
  rows: number;
  stars: { id: number; name: string }[];
  /** The list's own errors (too few devotees) and each field's, by name. */
  list: { errorId: string; errors?: string[] };
  errorsOf: (name: string) => string[];
}) {
  const { idPrefix, rows, stars, list, errorsOf } = props;
  return (
    <fieldset>
      <legend>{m.desk_counter_devotees()}</legend>
      <FieldErrors id={list.errorId} errors={list.errors} />
      {Array.from({ length: rows }, (_, index) => {
        const n = index + 1;
        const id = `${idPrefix}-devotee-${n}`;
        const errors = [`devotees[${index}].name`, `devotees[${index}].starId`, `devotees[${index}].gotra`].flatMap(errorsOf);
        return (
          <div key={n} className="desk-counter__devotee">
            <label htmlFor={`${id}-name`}>{m.desk_counter_devotee_name({ n })}</label>
            <input id={`${id}-name`} name={`devotees[${index}].name`} autoComplete="off" maxLength={60} />
            <label htmlFor={`${id}-star`}>{m.desk_counter_star()}</label>
            <select id={`${id}-star`} name={`devotees[${index}].starId`} defaultValue="">
              <option value="">{m.desk_counter_choose()}</option>
              {stars.map((star) => (
                <option key={star.id} value={star.id}>
                  {star.name}
                </option>
              ))}
            </select>
            <label htmlFor={`${id}-gotra`}>{m.desk_counter_gotra()}</label>
            <input id={`${id}-gotra`} name={`devotees[${index}].gotra`} autoComplete="off" maxLength={40} />
            {errors.length > 0 ? <FieldErrors id={`${id}-errors`} errors={errors} /> : null}
          </div>
        );
      })}
    </fieldset>
  );
}
