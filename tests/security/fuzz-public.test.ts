/**
 * The fuzz suite (fuzz-targets.ts) at the forms anyone may send: signing in, registering and
 * recovering an account, and the public forms (jobs, temple signup, the home page's
 * newsletter and contact), each also sent as a devotee and as temple staff.
 */
import { describe, it } from "vitest";
import { formTests, FUZZ_TIMEOUT } from "../support/fuzz-targets";

describe("account forms", () => {
  for (const { title, run } of formTests("account")) it(title, { timeout: FUZZ_TIMEOUT }, run);
});

describe("public forms", () => {
  for (const { title, run } of formTests("public")) it(title, { timeout: FUZZ_TIMEOUT }, run);
});
