import { getFormProps, getInputProps, type SubmissionResult } from "@conform-to/react";
import { useLocation, useNavigation } from "react-router";
import { Form } from "~/components/layout/localized";
import { trackingNoSchema } from "~/domain/bookings/desk/desk-inputs";
import type { SheetLine } from "~/domain/bookings/desk/performing.server";
import { m } from "~/paraglide/messages";
import { FieldErrors } from "../forms/form-fields";
import { useSchemaForm } from "../forms/use-schema-form";

function useLineBusy(lineId: number, intent: string) {
  const navigation = useNavigation();
  return (
    navigation.state !== "idle" && navigation.formData?.get("lineId") === String(lineId) && navigation.formData?.get("intent") === intent
  );
}

function Back() {
  const location = useLocation();
  return <input type="hidden" name="redirectTo" value={`${location.pathname}${location.search}`} />;
}

/** "Mark done", or the word Done once it is. */
export function MarkDoneForm({ line }: { line: SheetLine }) {
  const busy = useLineBusy(line.id, "done");
  if (line.done) return <span className="badge badge--done">{m.desk_line_done()}</span>;
  return (
    <Form method="post">
      <Back />
      <input type="hidden" name="lineId" value={line.id} />
      <button
        type="submit"
        name="intent"
        value="done"
        className="button button--small"
        disabled={busy}
        aria-busy={busy || undefined}
        aria-label={m.desk_line_mark_done_aria({ puja: line.itemName, devotee: line.devoteeName })}
      >
        {m.desk_line_mark_done()}
      </button>
    </Form>
  );
}

/** The postal tracking number of a line (entered or corrected). */
export function TrackingForm({ line, lastResult }: { line: SheetLine; lastResult?: SubmissionResult<string[]> }) {
  const [form, fields] = useSchemaForm(trackingNoSchema, {
    id: `tracking-${line.id}`,
    lastResult,
    defaultValue: { trackingNo: line.prasadTrackingNo ?? "" },
  });
  const busy = useLineBusy(line.id, "tracking");
  return (
    <Form
      method="post"
      className="desk-inline-form desk-inline-form--row"
      {...getFormProps(form)}
      aria-label={m.desk_tracking_aria({ devotee: line.devoteeName })}
    >
      <Back />
      <input type="hidden" name="lineId" value={line.id} />
      <input type="hidden" name="intent" value="tracking" />
      <label htmlFor={fields.trackingNo.id}>{m.desk_col_tracking_no()}</label>
      <input
        {...getInputProps(fields.trackingNo, { type: "text" })}
        key={fields.trackingNo.key}
        autoComplete="off"
        aria-describedby={fields.trackingNo.errorId}
      />
      <button type="submit" className="button button--small" disabled={busy} aria-busy={busy || undefined}>
        {line.prasadTrackingNo ? m.desk_tracking_update() : m.desk_tracking_save()}
      </button>
      <FieldErrors id={fields.trackingNo.errorId} errors={fields.trackingNo.errors} />
    </Form>
  );
}
