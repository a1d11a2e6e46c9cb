import { generateSeed } from "../../drizzle/seed/index.ts";

/** A smaller copy of the real seed (same generator) for Worker tests. */
export const TEST_TEMPLE_COUNT = 300;

export function testSeedStatements(): Promise<string[]> {
  return generateSeed({ temples: TEST_TEMPLE_COUNT, today: new Date().toISOString().slice(0, 10) });
}
