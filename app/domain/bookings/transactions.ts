/** My Transactions: addresses of a booking's receipt and videos (no server imports here). */

/** The receipt PDF of a booking (served only to its owner). */
export function receiptPdfPath(trackingNo: string): string {
  return `/account/transactions/${encodeURIComponent(trackingNo)}/receipt.pdf`;
}

/** The video of a puja line (served only to its owner). */
export function videoPath(trackingNo: string, lineId: number): string {
  return `/videos/${encodeURIComponent(trackingNo)}/${lineId}`;
}
