/** Reading back what a pdf-lib document draws, for the PDF tests. */
// The bundled ES build: the package's es/ folder uses extensionless imports that workerd cannot load.
import { PDFDocument, PDFName, PDFRawStream } from "pdf-lib/dist/pdf-lib.esm.js";

/** The text a pdf-lib document draws: its (Flate-compressed) content streams' hex strings. */
export async function pdfText(bytes: ArrayBuffer): Promise<string> {
  const pdf = await PDFDocument.load(bytes);
  const parts: string[] = [];
  for (const [, object] of pdf.context.enumerateIndirectObjects()) {
    if (!(object instanceof PDFRawStream)) continue;
    const raw = object.getContents();
    const flate = object.dict.get(PDFName.of("Filter")) === PDFName.of("FlateDecode");
    const data = flate ? new Uint8Array(await new Response(new Blob([raw as BlobPart]).stream().pipeThrough(new DecompressionStream("deflate"))).arrayBuffer()) : raw;
    const content = new TextDecoder("latin1").decode(data);
    for (const [, hex] of content.matchAll(/<([0-9A-Fa-f]+)>\s*Tj/g)) {
      parts.push(hex!.replace(/../g, (pair) => String.fromCharCode(parseInt(pair, 16))));
    }
  }
  return parts.join("\n");
}

