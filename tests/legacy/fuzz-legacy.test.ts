/**
 * The fuzz suite (fuzz-targets.ts) at the legacy API: malformed form-style bodies (wrong
 * content types, oversized, thousands of fields, deep JSON) at every legacy path, signed out
 * and as a devotee (tests/legacy/legacy-fuzz.source.test.ts fuzzes their JSON payloads); and the
 * suite's size.
 */
import { expect, it } from "vitest";
import { FUZZ_TIMEOUT, FUZZ_TOTAL, legacyTest } from "../support/fuzz-targets";

const { title, run } = legacyTest();
it(title, { timeout: FUZZ_TIMEOUT }, run);

it("the fuzz tests send 10,200+ malformed requests in all", () => {
  expect(FUZZ_TOTAL).toBeGreaterThanOrEqual(10_200);
});
