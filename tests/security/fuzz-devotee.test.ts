/**
 * The fuzz suite (fuzz-targets.ts) at a devotee's forms: the account page, cart, favourites
 * and transactions, a temple site's puja and donation forms, a package and checkout, each
 * also sent signed out and as temple staff.
 */
import { describe, it } from "vitest";
import { formTests, FUZZ_TIMEOUT } from "../support/fuzz-targets";

describe("a devotee's account forms", () => {
  for (const { title, run } of formTests("devoteeAccount")) it(title, { timeout: FUZZ_TIMEOUT }, run);
});

describe("booking forms", () => {
  for (const { title, run } of formTests("devoteeBooking")) it(title, { timeout: FUZZ_TIMEOUT }, run);
});
