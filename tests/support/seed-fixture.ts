import { generateSeed } from "../../drizzle/seed/index.ts";

/** A smaller copy of the real seed (same generator) for Worker tests. */
export const TEST_TEMPLE_COUNT = 300;

export function testSeedStatements(): Promise<string[]> {
  return generateSeed({ temples: TEST_TEMPLE_COUNT, today: new Date().toISOString().slice(0, 10) });
}

/** The portal as `npm run db:seed` fills it (1,000 temples), for the search evaluation. */
export const EVAL_TEMPLE_COUNT = 1000;

export function evalSeedStatements(): Promise<string[]> {
  return generateSeed({ temples: EVAL_TEMPLE_COUNT, today: new Date().toISOString().slice(0, 10) });
}
