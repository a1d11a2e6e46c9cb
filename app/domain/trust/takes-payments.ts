/**
 * The one rule of who takes payments (issue 27): a temple that books online and is verified.
 * For a temple's row (what its pages show); the booking path's queries use the same rule as
 * SQL (takes-payments.server.ts), so the two never differ.
 */
export function takesPayments(temple: { onlineBooking: boolean; verified: boolean }): boolean {
  return temple.onlineBooking && temple.verified;
}
