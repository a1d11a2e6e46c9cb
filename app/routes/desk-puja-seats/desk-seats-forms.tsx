import { DeskForm } from "~/components/desk/desk-form";
import { DeskTable } from "~/components/desk/desk-table";
import type { SubmissionResult } from "@conform-to/react";
import { deskWeekdayName } from "~/components/desk/desk-weekdays";
import { Form } from "~/components/layout/localized";
import { addDays, BOOKING_HORIZON_DAYS } from "~/domain/bookings/cart/inputs";
import { capacityDateSchema, capacitySettingsSchema, WEEKDAY_FIELDS } from "~/domain/temples-admin/puja-capacity-inputs";
import type { PujaSeatsPage } from "~/domain/temples-admin/puja-capacity.server";
import { longDate } from "~/domain/text";
import { m } from "~/paraglide/messages";
import { TextField } from "../../components/forms/form-fields";
import { useSchemaForm } from "../../components/forms/use-schema-form";

/** A number as the form shows it: blank for none (unlimited, no limit, as every day). */
const shown = (value: number | null) => (value === null ? "" : String(value));

/** The seats a day, a devotee's limit for one day, and the seven weekday exceptions. */
export function SeatsForm({ page, lastResult, busy }: { page: PujaSeatsPage; lastResult?: SubmissionResult<string[]>; busy: boolean }) {
  const { puja, weekdays } = page;
  const [form, fields] = useSchemaForm(capacitySettingsSchema, {
    id: `seats-${puja.id}`,
    lastResult,
    defaultValue: {
      dailyCapacity: shown(puja.dailyCapacity),
      perDevoteeLimit: shown(puja.perDevoteeLimit),
      counterKept: shown(puja.counterKept),
      onlineKept: shown(puja.onlineKept),
      ...Object.fromEntries(WEEKDAY_FIELDS.map((name, code) => [name, shown(weekdays[code] ?? null)])),
    },
  });
  return (
    <DeskForm form={form} title={m.desk_seats_form_title()} intent="seats" submit={m.desk_seats_save()} busy={busy}>
      <TextField field={fields.dailyCapacity} label={m.desk_seats_daily()} hint={m.desk_seats_daily_hint()} inputMode="numeric" />
      <TextField
        field={fields.perDevoteeLimit}
        label={m.desk_seats_devotee_limit()}
        hint={m.desk_seats_devotee_limit_hint()}
        inputMode="numeric"
      />
      <TextField
        field={fields.counterKept}
        label={m.desk_seats_counter_kept()}
        hint={m.desk_seats_counter_kept_hint()}
        inputMode="numeric"
      />
      <TextField field={fields.onlineKept} label={m.desk_seats_online_kept()} hint={m.desk_seats_online_kept_hint()} inputMode="numeric" />
      <fieldset className="desk-seats-weekdays" aria-describedby="seats-weekdays-hint">
        <legend>{m.desk_seats_weekdays()}</legend>
        <p id="seats-weekdays-hint" className="field-hint">
          {m.desk_seats_weekdays_hint()}
        </p>
        {WEEKDAY_FIELDS.map((name, code) => (
          <TextField key={name} field={fields[name]} label={deskWeekdayName(code)} inputMode="numeric" />
        ))}
      </fieldset>
    </DeskForm>
  );
}

/** Gives one date its own seats (a date already listed gets the new number). */
export function AddDateForm({
  page,
  today,
  lastResult,
  busy,
}: {
  page: PujaSeatsPage;
  today: string;
  lastResult?: SubmissionResult<string[]>;
  busy: boolean;
}) {
  const [form, fields] = useSchemaForm(capacityDateSchema, { id: `seat-date-${page.puja.id}`, lastResult });
  return (
    <DeskForm form={form} title={m.desk_seats_add_title()} intent="add-date" submit={m.desk_seats_add()} busy={busy}>
      <TextField
        field={fields.day}
        label={m.desk_col_date()}
        type="date"
        min={addDays(today, 1)}
        max={addDays(today, BOOKING_HORIZON_DAYS)}
      />
      <TextField
        field={fields.capacity}
        label={m.desk_seats_date_capacity()}
        hint={m.desk_seats_date_capacity_hint()}
        inputMode="numeric"
      />
    </DeskForm>
  );
}

/** A date's own seats with its bookings so far, and the button that removes them. */
export function DateRow({ date, busy }: { date: PujaSeatsPage["dates"][number]; busy: boolean }) {
  const label = longDate(date.day);
  return (
    <tr>
      <th scope="row">{label}</th>
      <td className="num">{date.capacity}</td>
      <td className="num">{date.booked}</td>
      <td>
        <Form method="post" className="inline-form">
          <input type="hidden" name="intent" value="remove-date" />
          <input type="hidden" name="day" value={date.day} />
          <button
            type="submit"
            className="button button--small"
            disabled={busy}
            aria-busy={busy || undefined}
            aria-label={m.desk_seats_remove_aria({ date: label })}
          >
            {m.desk_col_remove()}
          </button>
        </Form>
      </td>
    </tr>
  );
}

/** The next days with seats: taken online and at the counter, and left (what each channel may still take when seats are kept). */
export function ChannelDays({ page }: { page: PujaSeatsPage }) {
  const { puja, channels } = page;
  const keeps = puja.counterKept !== null || puja.onlineKept !== null;
  return (
    <DeskTable
      caption={m.desk_seats_channels_caption()}
      headings={[
        m.desk_col_date(),
        m.desk_col_seats(),
        m.desk_col_online(),
        m.desk_col_counter(),
        m.desk_col_left(),
        ...(keeps ? [m.desk_col_left_online(), m.desk_col_left_counter()] : []),
      ]}
    >
      {channels.map((day) => (
        <tr key={day.day}>
          <th scope="row">{longDate(day.day)}</th>
          <td className="num">{day.capacity}</td>
          <td className="num">{day.online}</td>
          <td className="num">{day.counter}</td>
          <td className="num">{day.left}</td>
          {keeps ? (
            <>
              <td className="num">{day.leftOnline}</td>
              <td className="num">{day.leftCounter}</td>
            </>
          ) : null}
        </tr>
      ))}
    </DeskTable>
  );
}
