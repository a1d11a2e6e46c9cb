/** The header's personal bits: who is signed in, their cart count, their desk or console. */
export interface PersonalHeader {
  customer: { id: number; firstName: string } | null;
  cartCount: number;
  staffHome: { href: string; label: string } | null;
}

/**
 * Where a page carries the header of the devotee it was composed for (a cached public page
 * with a personal header put on by the Worker, see devotee-pages.server.ts): the `id` of a
 * JSON data block in the document's head. It is data, never run, so the CSP is untouched.
 */
export const PERSONAL_HEADER_ID = "sn-personal-header";

/**
 * A page's own devotee parts (a temple site's booking forms): the element that carries this
 * attribute, named by its value, is replaced by the part drawn for the devotee when the Worker
 * composes the page; the view the parts were drawn with comes along as a JSON data block
 * (`DEVOTEE_VIEW_ID`), which the page hydrates with (`useComposedView`).
 */
export const DEVOTEE_PART_ATTRIBUTE = "data-devotee-part";
export const DEVOTEE_VIEW_ID = "sn-devotee-view";

/**
 * Where a composed page carries the toast it came with (the flash cookie a form post left):
 * the `id` of a JSON data block in the head, which the root hydrates its toaster with.
 */
export const PAGE_TOAST_ID = "sn-page-toast";
