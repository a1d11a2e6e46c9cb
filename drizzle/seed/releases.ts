/**
 * A demo release (issue 25), so a newcomer sees one after `npm start`: Ambalappuzha's dates
 * four to five months ahead open a week from the seed's day at 10:00 IST, devotees admitted
 * from a waiting room in arrival order (its staff account manages it at the desk).
 */
import { addDays } from "./lib/dates.ts";
import type { TempleRow } from "./temples.ts";

export function demoReleases(temples: readonly TempleRow[], today: string) {
  const temple = temples.find((t) => t.key === "ambalappuzha");
  if (!temple) return [];
  // 10:00 IST is 04:30 UTC.
  const opensAt = `${addDays(today, 7)}T04:30:00.000Z`;
  return [
    {
      id: 1,
      templeId: temple.id,
      kind: "fixed",
      firstDay: addDays(today, 120),
      lastDay: addDays(today, 149),
      opensAt,
      admission: "queue",
      admitPerMinute: 600,
      lobbyMinutes: 30,
      rushMinutes: 120,
      passMinutes: 20,
    },
  ];
}
