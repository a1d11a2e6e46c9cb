/**
 * The waiting room of one opening of a temple's release: a Durable Object (one per opening,
 * named by `roomName`), single-threaded and strongly consistent, so places are handed out in
 * the order devotees arrive and a draw is made exactly once. It holds the queue in its own
 * SQLite; admission is metered by the clock from the opening at a pace the room adapts to the
 * checkouts the booking path reports it served (`served`, waiting-room.ts's `adaptedRate`). D1 stays the
 * source of truth for seats: the room only says whose turn it is and issues each devotee's one pass.
 * The Worker passes the time (`now`), so every method is a pure function of its storage and inputs.
 */
import { DurableObject } from "cloudflare:workers";
import {
  type AdmissionPace,
  adaptedRate,
  admittedThrough,
  initialPace,
  PACE_WINDOW_MS,
  type RoomConfig,
  type RoomView,
  repace,
  secondsUntilAdmitted,
  seatsGoneUntil,
  shuffle,
} from "./waiting-room";

type PlaceRow = { arrival: number; place: number | null; pass_expires: number | null };
/** The temple as the room's pages name it, in one language (learned from the entries read through D1). */
export type RoomTemple = { slug: string; name: string };
/**
 * The pace and the window the room is watching: since `windowFrom`, `windowServed` checkouts; `servedTotal` since the opening.
 * While every seat is taken (`shutUntil`, epoch ms), the pace stands still and `shutRate` is the rate it goes on at.
 */
type Pacing = {
  pace: AdmissionPace;
  windowFrom: number;
  windowServed: number;
  servedTotal: number;
  shutUntil?: number | null;
  shutRate?: number | null;
};

export class WaitingRoom extends DurableObject<Env> {
  private readonly sql: SqlStorage;
  private config: RoomConfig | null = null;
  private registered: number | null = null;
  private pacing: Pacing | null = null;
  private temples: Map<string, RoomTemple> | null = null;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    this.sql = ctx.storage.sql;
  }

  /** The room's tables, made by its first entry (looking at a room nobody entered writes nothing). */
  private createTables() {
    this.sql.exec(`CREATE TABLE IF NOT EXISTS room (
      id INTEGER PRIMARY KEY CHECK (id = 1), config TEXT NOT NULL, drawn INTEGER NOT NULL DEFAULT 0)`);
    // arrival: the order devotees came in; place: the queue's order (arrival, or drawn at the opening).
    this.sql.exec(`CREATE TABLE IF NOT EXISTS places (
      arrival INTEGER PRIMARY KEY, customer_id INTEGER NOT NULL UNIQUE, place INTEGER UNIQUE, pass_expires INTEGER)`);
  }

  /**
   * A devotee arrives or comes back: a place in arrival order (a draw: a registration, placed
   * at the opening); one entry per devotee. When it is their turn, their pass's expiry is set
   * once and returned on every later visit until it runs out.
   */
  enter(config: RoomConfig, customerId: number, now: number, shown?: RoomTemple & { locale: string }): RoomView {
    const room = this.configure(config);
    if (shown) this.rememberTemple(shown.locale, shown);
    if (now >= room.rushEnds) return { state: "over" };
    const drawn = this.drawIfDue(room, now);
    this.adaptIfDue(room, now);
    let row = this.placeOf(customerId);
    if (!row) {
      const late = room.admission === "draw" && drawn;
      const next = room.admission === "queue" || late ? this.nextPlace() : null;
      this.sql.exec("INSERT INTO places (customer_id, place) VALUES (?, ?)", customerId, next);
      if (this.registered !== null) this.registered += 1;
      row = this.placeOf(customerId)!;
    }
    return this.view(room, customerId, row, now, true);
  }

  /**
   * A devotee arriving by the temple site's link (it names the release and the opening), known
   * by their signed `sn_who` rather than a session read: their place as `enter` gives it, with
   * the room's own settings and the temple's name in `locale`, so a burst of arrivals reads
   * neither KV nor D1. Null when the room has no settings (never entered through D1, or its
   * release removed), has not yet shown the temple in that language, or is another temple's (`slug`): the Worker reads D1 then.
   */
  arrive(customerId: number, now: number, locale: string, slug: string): { view: RoomView; config: RoomConfig; temple: RoomTemple } | null {
    const room = this.readConfig();
    const temple = room ? this.templeIn(locale) : null;
    // Under another temple's address the link takes no place here.
    if (!room || !temple || temple.slug !== slug) return null;
    return { view: this.enter(room, customerId, now), config: room, temple };
  }

  /**
   * The room's release was removed: it forgets everything (settings, places, pace), so nobody
   * arrives by a link any more and those waiting are told they are not in it. An entry read
   * through D1 later (a new release given the same id and opening) starts a room afresh.
   */
  async close(): Promise<void> {
    await this.ctx.storage.deleteAll();
    this.config = null;
    this.registered = null;
    this.pacing = null;
    this.temples = null;
  }

  private templeIn(locale: string): RoomTemple | null {
    if (!this.temples) {
      this.sql.exec("CREATE TABLE IF NOT EXISTS temple_names (locale TEXT PRIMARY KEY, slug TEXT NOT NULL, name TEXT NOT NULL)");
      const rows = this.sql.exec<{ locale: string } & RoomTemple>("SELECT locale, slug, name FROM temple_names").toArray();
      this.temples = new Map(rows.map((row) => [row.locale, { slug: row.slug, name: row.name }]));
    }
    return this.temples.get(locale) ?? null;
  }

  private rememberTemple(locale: string, temple: RoomTemple) {
    const known = this.templeIn(locale);
    if (known && known.slug === temple.slug && known.name === temple.name) return;
    this.sql.exec("INSERT OR REPLACE INTO temple_names (locale, slug, name) VALUES (?, ?, ?)", locale, temple.slug, temple.name);
    this.temples!.set(locale, { slug: temple.slug, name: temple.name });
  }

  /** Where a devotee stands, without joining or issuing anything (the page's live updates). */
  look(customerId: number, now: number): RoomView {
    const room = this.readConfig();
    if (!room) return { state: "absent" };
    if (now >= room.rushEnds) return { state: "over" };
    this.drawIfDue(room, now);
    this.adaptIfDue(room, now);
    const row = this.placeOf(customerId);
    return row ? this.view(room, customerId, row, now, false) : { state: "absent" };
  }

  /**
   * The booking path served one admitted devotee (a checkout completed, or told the date is full):
   * the room counts it toward the rate it admits at. Returns the rate a minute now.
   */
  served(now: number): number {
    const room = this.readConfig();
    if (!room) return 0;
    const pacing = this.readPacing(room);
    pacing.windowServed += 1;
    pacing.servedTotal += 1;
    this.adaptIfDue(room, now);
    this.savePacing();
    return this.pacing!.pace.perMinute;
  }

  /**
   * The booking path found every seat of the opening taken (`heldUntil`: when the first seat held
   * for a payment runs out, null when all are booked): nobody more is let in until then (at most
   * SEATS_GONE_RECHECK_MS), and those waiting keep their places. Returns until when, or null
   * when the room goes on (a held seat has run out already).
   */
  seatsGone(now: number, heldUntil: number | null): number | null {
    const room = this.readConfig();
    if (!room || now < room.opening) return null;
    const until = seatsGoneUntil(now, heldUntil);
    if (until === null) return null;
    this.resumeIfDue(room, now);
    const pacing = this.readPacing(room);
    const shut = pacing.shutUntil ?? null;
    this.pacing = shut
      ? { ...pacing, shutUntil: until }
      : { ...pacing, pace: repace(pacing.pace, now, 0), shutUntil: until, shutRate: pacing.pace.perMinute };
    this.savePacing();
    return until;
  }

  /** Once the time it was shut for has passed, the room lets devotees in again from where it stopped, at its rate. */
  private resumeIfDue(room: RoomConfig, now: number) {
    const pacing = this.readPacing(room);
    const until = pacing.shutUntil ?? null;
    if (until === null || now < until) return;
    const pace = repace(pacing.pace, until, pacing.shutRate ?? room.admitPerMinute);
    this.pacing = { ...pacing, pace, windowFrom: until, windowServed: 0, shutUntil: null, shutRate: null };
    this.savePacing();
  }

  /** The rate the room admits at now (a minute) and the checkouts served since the opening: for the bench and the tests. */
  pacingNow(): { perMinute: number; served: number } | null {
    const room = this.readConfig();
    if (!room) return null;
    const { pace, servedTotal } = this.readPacing(room);
    return { perMinute: pace.perMinute, served: servedTotal };
  }

  /** After each watched window (once the booking path has reported), the rate follows what it served. */
  private adaptIfDue(room: RoomConfig, now: number) {
    if (now < room.opening) return;
    this.resumeIfDue(room, now);
    const pacing = this.readPacing(room);
    if (pacing.shutUntil || pacing.servedTotal === 0 || now - pacing.windowFrom < PACE_WINDOW_MS) return;
    const waiting = this.count();
    const through = (at: number) => Math.min(waiting, admittedThrough(room, at, pacing.pace));
    const perMinute = adaptedRate({
      configured: room.admitPerMinute,
      current: pacing.pace.perMinute,
      admitted: through(now) - through(pacing.windowFrom),
      served: pacing.windowServed,
      windowMs: now - pacing.windowFrom,
    });
    this.pacing = { ...pacing, pace: repace(pacing.pace, now, perMinute), windowFrom: now, windowServed: 0 };
    this.savePacing();
  }

  private readPacing(room: RoomConfig): Pacing {
    if (this.pacing) return this.pacing;
    this.sql.exec("CREATE TABLE IF NOT EXISTS pacing (id INTEGER PRIMARY KEY CHECK (id = 1), state TEXT NOT NULL)");
    const row = this.sql.exec<{ state: string }>("SELECT state FROM pacing WHERE id = 1").toArray()[0];
    this.pacing = row
      ? (JSON.parse(row.state) as Pacing)
      : { pace: initialPace(room), windowFrom: room.opening, windowServed: 0, servedTotal: 0 };
    return this.pacing;
  }

  private savePacing() {
    this.sql.exec("INSERT OR REPLACE INTO pacing (id, state) VALUES (1, ?)", JSON.stringify(this.pacing));
  }

  private view(room: RoomConfig, customerId: number, row: PlaceRow, now: number, issue: boolean): RoomView {
    if (now < room.opening || row.place === null) {
      const place = room.admission === "queue" ? row.place : null;
      const estimateSeconds = place === null ? null : secondsUntilAdmitted(room, place, now, this.readPacing(room).pace);
      return { state: "lobby", admission: room.admission, place, registered: this.count(), opening: room.opening, estimateSeconds };
    }
    const { pace, shutUntil } = this.readPacing(room);
    const admitted = admittedThrough(room, now, pace);
    if (row.place > admitted && shutUntil && now < shutUntil) {
      const estimateSeconds = Math.ceil((shutUntil - now) / 1000);
      return { state: "full", place: row.place, ahead: row.place - admitted - 1, until: shutUntil, estimateSeconds };
    }
    if (row.place > admitted) {
      return {
        state: "waiting",
        place: row.place,
        ahead: row.place - admitted - 1,
        estimateSeconds: secondsUntilAdmitted(room, row.place, now, pace),
      };
    }
    if (row.pass_expires !== null) {
      return now < row.pass_expires ? { state: "admitted", passExpires: row.pass_expires } : { state: "expired", rushEnds: room.rushEnds };
    }
    if (!issue) return { state: "admitted", passExpires: null };
    const passExpires = now + room.passMinutes * 60_000;
    this.sql.exec("UPDATE places SET pass_expires = ? WHERE customer_id = ?", passExpires, customerId);
    return { state: "admitted", passExpires };
  }

  /** A draw's order, made once, at the first visit after the opening: every order of the registered equally likely. */
  private drawIfDue(room: RoomConfig, now: number): boolean {
    if (room.admission !== "draw") return false;
    const { drawn } = this.sql.exec<{ drawn: number }>("SELECT drawn FROM room WHERE id = 1").one();
    if (drawn || now < room.opening) return Boolean(drawn);
    this.ctx.storage.transactionSync(() => {
      const registered = this.sql
        .exec<{ customer_id: number }>("SELECT customer_id FROM places ORDER BY arrival")
        .toArray()
        .map((row) => row.customer_id);
      for (const [index, customerId] of shuffle(registered).entries()) {
        this.sql.exec("UPDATE places SET place = ? WHERE customer_id = ?", index + 1, customerId);
      }
      this.sql.exec("UPDATE room SET drawn = 1 WHERE id = 1");
    });
    return true;
  }

  /** The room's settings: the first visit's (a later change of the release makes a new room). */
  private configure(config: RoomConfig): RoomConfig {
    const known = this.readConfig();
    if (known) return known;
    this.createTables();
    this.sql.exec("INSERT INTO room (id, config) VALUES (1, ?)", JSON.stringify(config));
    this.config = config;
    return config;
  }

  private readConfig(): RoomConfig | null {
    if (this.config) return this.config;
    const made = this.sql.exec("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'room'").toArray().length > 0;
    if (!made) return null;
    const row = this.sql.exec<{ config: string }>("SELECT config FROM room WHERE id = 1").toArray()[0];
    this.config = row ? (JSON.parse(row.config) as RoomConfig) : null;
    return this.config;
  }

  private placeOf(customerId: number): PlaceRow | undefined {
    return this.sql.exec<PlaceRow>("SELECT arrival, place, pass_expires FROM places WHERE customer_id = ?", customerId).toArray()[0];
  }

  private nextPlace(): number {
    return this.sql.exec<{ next: number }>("SELECT coalesce(max(place), 0) + 1 AS next FROM places").one().next;
  }

  /** How many are in the room (kept in memory: a lobby shows it to every visitor). */
  private count(): number {
    this.registered ??= this.sql.exec<{ n: number }>("SELECT count(*) AS n FROM places").one().n;
    return this.registered;
  }
}
