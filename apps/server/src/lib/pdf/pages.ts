import { bottomLimit, COLOR, contentWidth, type Doc, MARGIN, note, paragraph, title } from './document.ts';
import type { PdfImage } from './images.ts';

/** What to say under an image made smaller to fit a processor's limit: the pack never hides it. */
export const REENCODED_NOTE =
  "This image was made smaller (re-encoded as JPEG at a lower resolution) so the pack fits the payment processor's file size limit. The original file is kept unchanged on the order.";

/**
 * An image scaled into the rest of the page below the cursor and framed. A small image is enlarged
 * at most `maxScale` times, so it is not blown up into a blur. Throws when pdfkit cannot read it.
 */
export function placeImage(doc: Doc, image: PdfImage, maxScale: number): void {
  // pdfkit has openImage (its types do not list it): the image's own size, read once and reused.
  const opened = (doc as unknown as { openImage(src: Buffer): { width: number; height: number } }).openImage(
    image.bytes,
  );
  const box = { width: contentWidth(doc), height: bottomLimit(doc) - doc.y - 10 };
  const scale = Math.min(box.width / opened.width, box.height / opened.height, maxScale);
  const width = opened.width * scale;
  const height = opened.height * scale;
  const x = MARGIN.left + (box.width - width) / 2;
  const y = doc.y;
  doc.image(opened as unknown as Buffer, x, y, { width, height });
  doc.rect(x, y, width, height).lineWidth(0.8).strokeColor(COLOR.rule).stroke();
  doc.x = MARGIN.left;
  doc.y = y + height + 10;
}

/** An image on a page of its own under a caption; a file that cannot be read gives a notice instead. */
export function imagePage(doc: Doc, caption: string, image: PdfImage, intro?: string): string | null {
  doc.addPage();
  title(doc, caption, intro);
  if (image.reencoded) note(doc, REENCODED_NOTE);
  try {
    placeImage(doc, image, 1.5);
    return null;
  } catch (error) {
    const problem = unreadable(error);
    paragraph(doc, problem);
    return problem;
  }
}

/** A page that says what could not be placed in the pack, in place of it. */
export function noticePage(doc: Doc, caption: string, problem: string): void {
  doc.addPage();
  title(doc, caption);
  paragraph(doc, problem);
}

export const unreadable = (error: unknown) =>
  `The stored file could not be added to this pack (${error instanceof Error ? error.message : 'unreadable file'}). It is kept on the order and can be supplied separately.`;
