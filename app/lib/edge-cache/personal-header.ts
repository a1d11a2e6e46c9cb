/** The header's personal bits: who is signed in, their cart count, their desk or console. */
export interface PersonalHeader {
  customer: { id: number; firstName: string } | null;
  cartCount: number;
  staffHome: { href: string; label: string } | null;
}

/**
 * Where a page carries the header of the devotee it was composed for (a cached public page
 * with a personal header put on by the Worker, see workers/devotee-pages.tsx): the `id` of a
 * JSON data block in the document's head. It is data, never run, so the CSP is untouched.
 */
export const PERSONAL_HEADER_ID = "sn-personal-header";
