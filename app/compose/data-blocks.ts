/**
 * What a composed page carries beside its markup (app/compose/README.md): the ids of its JSON
 * data blocks in the document's head and the attribute that names a page's devotee part. Data
 * blocks are never run, so the CSP is untouched; the browser's hooks (hooks.ts) read them.
 */

/** The header's personal bits the page was composed with (`usePersonalHeader`). */
export const PERSONAL_HEADER_ID = "sn-personal-header";

/**
 * A page's own devotee part (a temple site's booking forms): the element that carries this
 * attribute, named by its value, is replaced by the part drawn for the devotee; the view the
 * part was drawn with comes along as the data block `DEVOTEE_VIEW_ID` (`useComposedView`).
 */
export const DEVOTEE_PART_ATTRIBUTE = "data-devotee-part";
export const DEVOTEE_VIEW_ID = "sn-devotee-view";

/** The toast the page came with (the flash cookie a form post left), for the root's toaster (`usePageToast`). */
export const PAGE_TOAST_ID = "sn-page-toast";
