import { DeskForm } from "~/components/desk/desk-form";
import type { SubmissionResult } from "@conform-to/react";
import { ChoiceField, SelectField, TextField } from "~/components/forms/form-fields";
import { useSchemaForm } from "~/components/forms/use-schema-form";
import { addDays } from "~/domain/bookings/dates";
import { RELEASE_HORIZON_DAYS, releaseSchema } from "~/domain/bookings/seats/releases";
import { todayInIndia } from "~/lib/india-time";
import { m } from "~/paraglide/messages";

/**
 * A new release: which pujas, when their dates open (a rolling window or a fixed release, in
 * India time) and how devotees are admitted at the opening. Works without JavaScript: both
 * kinds' fields are shown, and only the chosen kind's are read.
 */
export function ReleaseForm(props: { pujas: { id: number; name: string }[]; lastResult?: SubmissionResult<string[]>; busy: boolean }) {
  const [form, fields] = useSchemaForm(releaseSchema, {
    id: "release-new",
    lastResult: props.lastResult,
    defaultValue: {
      templePujaId: "",
      kind: "fixed",
      daysAhead: "90",
      openTime: "10:00",
      admission: "queue",
      admitPerMinute: "600",
      lobbyMinutes: "30",
      rushMinutes: "120",
      passMinutes: "20",
    },
  });
  // The bounds the schema holds, for a browser to check before sending.
  const today = todayInIndia();
  const horizon = addDays(today, RELEASE_HORIZON_DAYS);
  return (
    <DeskForm form={form} title={m.desk_release_form_title()} intent="save" submit={m.desk_release_save()} busy={props.busy}>
      <SelectField
        field={fields.templePujaId}
        label={m.desk_release_pujas_label()}
        placeholder={m.desk_release_every_puja()}
        options={props.pujas.map((puja) => ({ value: puja.id, label: puja.name }))}
      />
      <ChoiceField
        field={fields.kind}
        legend={m.desk_release_kind_legend()}
        type="radio"
        options={["fixed", "rolling"] as const}
        labelOf={(kind) => (kind === "fixed" ? m.desk_release_kind_fixed() : m.desk_release_kind_rolling())}
      />
      <fieldset className="field-group">
        <legend>{m.desk_release_fixed_legend()}</legend>
        <TextField field={fields.firstDay} label={m.desk_release_first_day()} type="date" min={today} max={horizon} />
        <TextField field={fields.lastDay} label={m.desk_release_last_day()} type="date" min={today} max={horizon} />
        <TextField
          field={fields.opensAt}
          label={m.desk_release_opens_at()}
          hint={m.desk_release_ist_hint()}
          type="datetime-local"
          min={`${today}T00:00`}
          max={`${horizon}T23:59:59`}
          step={1}
        />
      </fieldset>
      <fieldset className="field-group">
        <legend>{m.desk_release_rolling_legend()}</legend>
        <TextField field={fields.daysAhead} label={m.desk_release_days_ahead()} type="number" inputMode="numeric" min={1} max={365} />
        <TextField field={fields.openTime} label={m.desk_release_open_time()} hint={m.desk_release_ist_hint()} type="time" />
      </fieldset>
      <ChoiceField
        field={fields.admission}
        legend={m.desk_release_admission_legend()}
        type="radio"
        options={["queue", "draw"] as const}
        labelOf={(admission) => (admission === "queue" ? m.desk_release_admission_queue() : m.desk_release_admission_draw())}
      />
      {(
        [
          ["admitPerMinute", m.desk_release_rate, m.desk_release_rate_hint, 1, 100_000],
          ["lobbyMinutes", m.desk_release_lobby, m.desk_release_lobby_hint, 0, 1440],
          ["rushMinutes", m.desk_release_rush, m.desk_release_rush_hint, 1, 1440],
          ["passMinutes", m.desk_release_pass, m.desk_release_pass_hint, 5, 240],
        ] as const
      ).map(([name, label, hint, min, max]) => (
        <TextField key={name} field={fields[name]} label={label()} hint={hint()} type="number" min={min} max={max} />
      ))}
    </DeskForm>
  );
}
