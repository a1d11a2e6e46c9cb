/**
 * Sign-in and changing one's own password, for both fronts. The attempt is counted
 * before the password is checked, so parallel guesses get no more checks than the
 * limit; a right password gives its attempt back, so the owner's own sign-ins never
 * count. Past the account's own limit a sign-in needs a passed human check first
 * (flows.server.ts): strangers' wrong guesses never lock the owner out.
 */
import type { LoginInput } from "./inputs";
import { authenticate, changePassword } from "./customers.server";
import { type AccountServices, countAttempt, countClientAttempt, mailPasswordChanged } from "./flows.server";

export async function signIn(
  services: Pick<AccountServices, "db" | "ip" | "humanCheck">,
  input: Pick<LoginInput, "email" | "password">,
  humanToken?: unknown,
) {
  const counted = await countAttempt(services, "login", input.email, humanToken);
  if ("status" in counted) return counted;
  const customer = await authenticate(services.db, input);
  if (!customer) return { status: "rejected" } as const;
  await counted.giveBack();
  return { status: "signed-in", customer } as const;
}

/**
 * Checks the current password (counted as a sign-in attempt: it is one, made from
 * a session that may be stolen, so this client's limits apply; the session itself passed
 * a sign-in, so strangers' guesses on the account never ask it for a human check), then
 * stores the new one and mails the customer.
 * The caller keeps its own session valid; every other session is stale from now on.
 */
export async function changeOwnPassword(
  services: Pick<AccountServices, "db" | "ip" | "mail">,
  customer: { id: number; email: string; firstName: string },
  input: { currentPassword: string; newPassword: string },
) {
  const counted = await countClientAttempt(services, "login", customer.email);
  if ("status" in counted) return counted;
  const updated = await changePassword(services.db, customer.id, input.currentPassword, input.newPassword);
  if (!updated) return { status: "wrong" } as const;
  await counted.giveBack();
  await mailPasswordChanged(services, customer);
  return { status: "changed", customer: updated } as const;
}
