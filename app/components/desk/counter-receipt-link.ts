import { href } from "react-router";
import { type Locale, pagePath } from "~/lib/i18n";

/**
 * A counter sale's receipt to print, 80 mm or A4, in a language (none: the desk's own). Plain
 * links: the PDF opens in the browser's viewer, from the keyboard and without JavaScript.
 */
export function counterReceiptPath(templeId: number, trackingNo: string, size: "80mm" | "a4", language?: Locale) {
  const path = href("/:lang?/desk/:templeId/counter/receipts/:trackingNo/receipt.pdf", { templeId: String(templeId), trackingNo });
  return `${pagePath(path)}?size=${size}${language ? `&lang=${language}` : ""}`;
}
