/**
 * The release tests' support: a release written as the desk writes it (removed after each test,
 * as the files of a worker share D1), the booking form's fields, the waiting room's answer.
 */
import { env } from "cloudflare:workers";
import { addDays, nextOfferedDay } from "~/domain/bookings/cart/inputs";
import { longDate } from "~/domain/text";
import { todayInIndia } from "~/lib/india-time";
import type { TestBrowser } from "../../support/browser";
import type { PujaRow } from "../../support/bookings";
import { setCookie } from "../../support/cookie-jar";

export const MINUTE = 60_000;
const made: number[] = [];

/** Removes the releases the test made (for `afterEach`). */
export async function removeReleases() {
  await env.DB.prepare(`delete from puja_releases where id in (${made.map(() => "?").join(",") || "null"})`)
    .bind(...made)
    .run();
  made.length = 0;
}

/** Marks a release the desk made in a test for removal after it. */
export const madeRelease = (id: number) => made.push(id);

type Release = {
  kind?: "fixed" | "rolling";
  firstDay?: string;
  lastDay?: string;
  opensAt?: number;
  daysAhead?: number;
  openTime?: string;
  admission?: "queue" | "draw";
  lobbyMinutes?: number;
  rushMinutes?: number;
  passMinutes?: number;
  admitPerMinute?: number;
};

/** A release of one puja, written as the desk writes it. */
export async function release(puja: PujaRow, values: Release) {
  const row = await env.DB.prepare(
    `insert into puja_releases (temple_id, temple_puja_id, kind, days_ahead, open_time, first_day, last_day, opens_at, admission,
       admit_per_minute, lobby_minutes, rush_minutes, pass_minutes) values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) returning id`,
  )
    .bind(
      puja.temple_id,
      puja.id,
      values.kind ?? "fixed",
      values.daysAhead ?? null,
      values.openTime ?? null,
      values.firstDay ?? null,
      values.lastDay ?? values.firstDay ?? null,
      values.opensAt === undefined ? null : new Date(values.opensAt).toISOString(),
      values.admission ?? "queue",
      values.admitPerMinute ?? 600,
      values.lobbyMinutes ?? 30,
      values.rushMinutes ?? 60,
      values.passMinutes ?? 15,
    )
    .first<{ id: number }>();
  made.push(row!.id);
  return row!.id;
}

/** A day the puja is offered, about `days` ahead (far beyond what other tests book). */
export const dayAhead = (puja: PujaRow, days: number) => nextOfferedDay(puja.days_offered, addDays(todayInIndia(), days))!;

export const booking = (puja: PujaRow, day: string) => ({
  form: "puja",
  templePujaId: String(puja.id),
  "devotees[0].name": "Meera Iyer",
  "devotees[0].starId": "4",
  "dates[0]": day,
  quantity: "1",
});

export const needsPass = (day: string) =>
  `Bookings for ${longDate(day, "en")} have just opened and devotees are booking in turn: please join this temple's waiting room to book it.`;

/** Enters the waiting room of the puja's temple; the answer and the pass cookie it sets. */
export async function enter(browser: TestBrowser, puja: PujaRow, releaseId: number) {
  const response = await browser.get(`/t/${puja.slug}/wait?release=${releaseId}`);
  return { response, pass: setCookie(response, "sn_pass") };
}
