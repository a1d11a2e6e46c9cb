import { m } from "~/paraglide/messages";

/** What a page needs to show a receipt's code: the loader draws the QR's path, so no encoder reaches the browser. */
export interface ReceiptQr {
  code: string;
  url: string;
  /** The QR's dark modules as one SVG path, in module units. */
  path: string;
  size: number;
}

/** A receipt's QR code beside its verification code, with the address printed under it for people who cannot scan. */
export function ReceiptVerificationBlock({ qr }: { qr: ReceiptQr }) {
  const side = qr.size + 8;
  return (
    <figure className="receipt-qr">
      <svg
        role="img"
        aria-label={m.trust_qr_label({ url: qr.url })}
        viewBox={`-4 -4 ${side} ${side}`}
        width={132}
        height={132}
        shapeRendering="crispEdges"
      >
        <rect x={-4} y={-4} width={side} height={side} fill="#ffffff" />
        <path d={qr.path} fill="#000000" />
      </svg>
      <figcaption>
        <strong>{m.trust_verification_code({ code: qr.code })}</strong>
        <br />
        {m.trust_receipt_verify_hint()}
        <br />
        <a href={qr.url} className="receipt-qr__url">
          {qr.url}
        </a>
      </figcaption>
    </figure>
  );
}
