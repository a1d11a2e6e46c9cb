/** A day's limited puja by channel, in words, for the day sheet and its PDF: "Online 3 · Counter 2 · 1 left · 2 kept for the counter". */
import { plural } from "~/lib/i18n";
import { m } from "~/paraglide/messages";
import type { DaySeatsLine } from "./day-seats.server";

export function channelSeatsText(line: Pick<DaySeatsLine, "online" | "counter" | "left" | "counterKept" | "onlineKept">): string {
  const parts = [m.desk_sheet_seats_channels({ online: line.online, counter: line.counter, left: line.left })];
  if (line.counterKept) {
    parts.push(
      plural(line.counterKept, m.desk_sheet_seats_counter_kept_one, m.desk_sheet_seats_counter_kept_other)({ count: line.counterKept }),
    );
  } else if (line.onlineKept) {
    parts.push(
      plural(line.onlineKept, m.desk_sheet_seats_online_kept_one, m.desk_sheet_seats_online_kept_other)({ count: line.onlineKept }),
    );
  }
  return parts.join(" · ");
}
