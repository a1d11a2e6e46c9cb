import type { SubmissionResult } from "@conform-to/react";
import { href } from "react-router";
import { DeskForm } from "~/components/desk/desk-form";
import { TextField, useIsSubmitting } from "~/components/forms/form-fields";
import { useSchemaForm } from "~/components/forms/use-schema-form";
import { Link } from "~/components/layout/localized";
import { openShiftSchema } from "~/domain/bookings/counter/shift-inputs";
import { formatRupees } from "~/domain/text";
import { indiaMinute } from "~/lib/india-time";
import { m } from "~/paraglide/messages";

interface OpenShift {
  openedAt: string;
  openingFloat: number;
}

/** The staff member's open shift (since when, its float) and its cash book, or the form that opens the counter. */
export function ShiftPanel({
  templeId,
  shift,
  lastResult,
}: {
  templeId: number;
  shift: OpenShift | null;
  lastResult?: SubmissionResult<string[]>;
}) {
  const page = href("/:lang?/desk/:templeId/counter", { templeId: String(templeId) });
  const book = href("/:lang?/desk/:templeId/counter/book", { templeId: String(templeId) });
  const busy = useIsSubmitting(page, "open-shift");
  const [form, fields] = useSchemaForm(openShiftSchema, { id: "open-shift", lastResult });
  if (shift) {
    return (
      <section className="desk-notice" aria-labelledby="shift-title">
        <h3 id="shift-title">{m.desk_shift_title()}</h3>
        <p data-testid="counter-shift">
          {m.desk_shift_open_since({ time: indiaMinute(shift.openedAt), float: formatRupees(shift.openingFloat) })}
        </p>
        <p>
          <Link to={book}>{m.desk_shift_book_link()}</Link>
        </p>
      </section>
    );
  }
  return (
    <DeskForm
      form={form}
      title={m.desk_shift_open_title()}
      hint={m.desk_shift_none()}
      intent="open-shift"
      action={page}
      submit={m.desk_shift_open_button()}
      busy={busy}
    >
      <TextField field={fields.openingFloat} label={m.desk_shift_float()} inputMode="decimal" autoComplete="off" />
      <p>
        <Link to={book}>{m.desk_shift_book_link()}</Link>
      </p>
    </DeskForm>
  );
}
