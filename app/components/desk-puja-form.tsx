import { getFormProps, type SubmissionResult, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Form, Link } from "~/components/localized";
import { WEEKDAYS } from "~/domain/bookings";
import { rupees } from "~/domain/cart";
import { templePujaSchema, WEEKDAY_CODES } from "~/domain/desk-temple";
import type { TemplePujaRow } from "~/domain/desk-temple.server";
import { FieldErrors, FormErrors, SubmitButton, TextField } from "./form-fields";

/** Adds a puja to the temple (choose from the master list) or edits one it offers. */
export function PujaForm(props: { editing: TemplePujaRow | null; others: { id: number; name: string }[]; lastResult?: SubmissionResult<string[]>; busy: boolean; cancelTo: string }) {
  const { editing, others } = props;
  const [form, fields] = useForm({
    id: editing ? `puja-${editing.id}` : "puja-new",
    lastResult: props.lastResult,
    defaultValue: editing
      ? { rate: rupees(editing.rate), postalCharge: rupees(editing.postalCharge), bookingMode: editing.bookingMode, days: [...editing.daysOffered], active: editing.active ? "on" : undefined }
      : { rate: "", postalCharge: "0", bookingMode: "direct", days: [...WEEKDAY_CODES], active: "on" },
    constraint: getZodConstraint(templePujaSchema),
    shouldValidate: "onBlur",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: templePujaSchema }),
  });
  const days = (fields.days.initialValue as string[] | undefined) ?? [];
  return (
    <Form method="post" className="desk-form" {...getFormProps(form)} aria-labelledby="puja-form-title">
      <h3 id="puja-form-title">{editing ? `Edit ${editing.name}` : "Offer another puja"}</h3>
      <input type="hidden" name="intent" value="puja" />
      {editing ? (
        <input type="hidden" name="templePujaId" value={editing.id} />
      ) : (
        <div className="field">
          <label htmlFor={fields.pujaId.id}>Puja</label>
          <select id={fields.pujaId.id} name={fields.pujaId.name} key={fields.pujaId.key} defaultValue="" aria-describedby={fields.pujaId.errorId} aria-invalid={fields.pujaId.errors ? true : undefined}>
            <option value="">Choose a puja</option>
            {others.map((puja) => (
              <option key={puja.id} value={puja.id}>
                {puja.name}
              </option>
            ))}
          </select>
          <FieldErrors id={fields.pujaId.errorId} errors={fields.pujaId.errors} />
        </div>
      )}
      <TextField field={fields.rate} label="Rate (₹)" inputMode="decimal" />
      <TextField field={fields.postalCharge} label="Postal charge for prasad (₹)" inputMode="decimal" hint="0 when the temple does not post the prasad." />
      <fieldset aria-describedby={fields.bookingMode.errorId}>
        <legend>How devotees book it</legend>
        <label>
          <input type="radio" name={fields.bookingMode.name} value="direct" defaultChecked={fields.bookingMode.initialValue === "direct"} key={`${fields.bookingMode.key}-d`} /> Directly (pay at once)
        </label>
        <label>
          <input type="radio" name={fields.bookingMode.name} value="request" defaultChecked={fields.bookingMode.initialValue === "request"} key={`${fields.bookingMode.key}-r`} /> On request (the temple accepts first)
        </label>
        <FieldErrors id={fields.bookingMode.errorId} errors={fields.bookingMode.errors} />
      </fieldset>
      <fieldset aria-describedby={fields.days.errorId}>
        <legend>Days offered</legend>
        {WEEKDAY_CODES.map((code) => (
          <label key={code}>
            <input type="checkbox" name={fields.days.name} value={code} defaultChecked={days.includes(code)} key={`${fields.days.key}-${code}`} /> {WEEKDAYS[Number(code)]}
          </label>
        ))}
        <FieldErrors id={fields.days.errorId} errors={fields.days.errors} />
      </fieldset>
      <label>
        <input type="checkbox" name={fields.active.name} value="on" defaultChecked={fields.active.initialValue === "on"} key={fields.active.key} /> Devotees can book it now
      </label>
      <div className="form-actions">
        <FormErrors form={form} />
        <SubmitButton busy={props.busy}>{editing ? "Save puja" : "Add puja"}</SubmitButton>
        {editing ? <Link to={props.cancelTo}>Cancel</Link> : null}
      </div>
    </Form>
  );
}
