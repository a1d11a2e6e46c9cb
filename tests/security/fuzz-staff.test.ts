/**
 * The fuzz suite (fuzz-targets.ts) at the staff's forms: the temple desk and the operator
 * console, each also sent signed out, as a devotee and (the console's) as temple staff.
 */
import { describe, it } from "vitest";
import { formTests, FUZZ_TIMEOUT } from "../support/fuzz-targets";

describe("temple desk forms", () => {
  for (const { title, run } of formTests("desk")) it(title, { timeout: FUZZ_TIMEOUT }, run);
});

describe("operator console forms", () => {
  for (const { title, run } of formTests("operator")) it(title, { timeout: FUZZ_TIMEOUT }, run);
});
