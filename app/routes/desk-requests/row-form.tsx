/** What the forms on a row of the desk's requests page share: the row's hidden fields and whether its post is under way. */
import { useLocation, useNavigation } from "react-router";
import type { DaySeats } from "~/domain/bookings/seats/capacity";
import { plural } from "~/lib/i18n";
import { m } from "~/paraglide/messages";

/** Whether this row's form with `intent` is being sent (its button shows it and waits). */
export function useRowBusy(idName: string, id: number, intent: string) {
  const navigation = useNavigation();
  return navigation.state !== "idle" && navigation.formData?.get(idName) === String(id) && navigation.formData?.get("intent") === intent;
}

/** The row's id, the form's intent, and the page to come back to. */
export function RowHidden({ idName, id, intent }: { idName: string; id: number; intent: string }) {
  const location = useLocation();
  return (
    <>
      <input type="hidden" name={idName} value={id} />
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="redirectTo" value={`${location.pathname}${location.search}`} />
    </>
  );
}

/** What the asked day has left of a limited puja, read before answering ("2 of 5 left", "Full"). */
export function SeatsLeft({ seats }: { seats: DaySeats }) {
  if (!seats.limited) return null;
  return (
    <p className="desk-seats-left">
      {seats.full ? (
        <span className="badge badge--full">{m.desk_seats_full()}</span>
      ) : (
        plural(seats.left, m.desk_request_seats_left_one, m.desk_request_seats_left_other)({ left: seats.left, capacity: seats.capacity })
      )}
    </p>
  );
}
