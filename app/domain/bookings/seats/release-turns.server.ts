/**
 * What a temple site and its waiting room tell a devotee about their turn (issue 38): before a
 * room's lobby opens, when it opens; once let in, until when their pass lets them book, and
 * once its one checkout is made, that it is spent. The booking path's checks stay in
 * releases.server.ts; these only say what the devotee stands to see.
 */
import { and, asc, eq } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { pujaReleases, temples } from "~/db/schema";
import { type PresentedPass, passHolder, passKey, readPass } from "./release-pass.server";
import { lobbyStart, nextOpening } from "./releases";
import { passSpent, releaseRuleColumns } from "./releases.server";

/**
 * The next waiting room of the temple at `slug` that is not open yet (`releaseId`'s when
 * given, else the one opening first): when its lobby opens and when its dates open (epoch ms).
 */
export async function nextWaitingRoom(db: Database, slug: string, releaseId: number | null, now = Date.now()) {
  const rules = await db
    .select(releaseRuleColumns)
    .from(pujaReleases)
    .innerJoin(temples, eq(temples.id, pujaReleases.templeId))
    .where(and(eq(temples.slug, slug), releaseId === null ? undefined : eq(pujaReleases.id, releaseId)))
    .orderBy(asc(pujaReleases.id));
  let next: { lobbyOpens: number; opening: number } | null = null;
  for (const rule of rules) {
    const opening = nextOpening(rule, now);
    if (opening !== null && (!next || opening < next.opening)) next = { lobbyOpens: lobbyStart(rule, opening), opening };
  }
  return next;
}

/** A devotee's turn from a waiting room, as the temple site shows it. */
export interface PassTurn {
  releaseId: number;
  opening: number;
  /** Epoch ms: book by then. */
  expires: number;
  /** Its one checkout is made: the pass admits no other. */
  spent: boolean;
}

/**
 * The turn the pass presented in this session gives `customerId` (null: none, not theirs, given
 * in another session, or run out), and whether a checkout has spent it.
 */
export async function passTurn(db: Database, presented: PresentedPass, customerId: number, now = Date.now()): Promise<PassTurn | null> {
  const pass = await readPass(presented.secret, presented.token);
  if (!pass || pass.customerId !== customerId || now >= pass.expires) return null;
  if (pass.holder !== (await passHolder(presented.secret, presented.sessionId))) return null;
  const spent = await passSpent(db, passKey(pass));
  return { releaseId: pass.releaseId, opening: pass.opening, expires: pass.expires, spent };
}
