/** Date helpers on plain YYYY-MM-DD strings, in UTC, so results never depend on the machine. */
const DAY_MS = 86_400_000;

function parseDay(day: string): number {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) throw new Error(`expected a YYYY-MM-DD date, got "${day}"`);
  return Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
}

/** The day `offset` days after `day` (negative goes back). */
export function addDays(day: string, offset: number): string {
  return new Date(parseDay(day) + offset * DAY_MS).toISOString().slice(0, 10);
}

/** An ISO timestamp like the schema's default: `day + offset` at hh:mm UTC. */
export function timestamp(day: string, offset: number, minutesOfDay = 600): string {
  const ms = parseDay(day) + offset * DAY_MS + minutesOfDay * 60_000;
  return new Date(ms).toISOString();
}

/** 0 = Sunday, as in temple_pujas.days_offered. */
export function weekday(day: string): number {
  return new Date(parseDay(day)).getUTCDay();
}

export function yearOf(day: string): number {
  return Number(day.slice(0, 4));
}

export function assertDay(day: string): void {
  parseDay(day);
}
