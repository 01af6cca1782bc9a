import { PDFDict, PDFDocument, PDFName, PDFStream } from 'pdf-lib';
import sharp from 'sharp';

/**
 * A photo-like image (a gradient with grain, as a scanned document has): grain is what makes a
 * real scan large, and what re-encoding has to work on. Seeded, so every run makes the same bytes.
 */
function grainy(width: number, height: number, seed = 7) {
  const pixels = Buffer.alloc(width * height * 3);
  let s = seed;
  for (let i = 0; i < pixels.length; i += 1) {
    s = (s * 1103515245 + 12345) & 0x7fffffff;
    const x = Math.floor(i / 3) % width;
    const y = Math.floor(i / 3 / width);
    pixels[i] = Math.min(255, 120 + Math.floor((x + y) / 40) + (s % 48));
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } });
}

export const webpImage = (width: number, height: number) => grainy(width, height).webp({ quality: 80 }).toBuffer();
export const jpegImage = (width: number, height: number, quality = 95) =>
  grainy(width, height).jpeg({ quality }).toBuffer();

/** How many images page `n` (1-based) of a PDF draws from its resources. */
export async function imagesOn(bytes: Uint8Array, n: number): Promise<number> {
  const pdf = await PDFDocument.load(bytes);
  const resources = pdf.getPage(n - 1).node.Resources();
  const xobjects = resources?.lookupMaybe(PDFName.of('XObject'), PDFDict);
  if (!xobjects) return 0;
  return xobjects.keys().filter((key) => {
    const object = xobjects.lookup(key);
    return object && 'dict' in object && String((object.dict as PDFDict).get(PDFName.of('Subtype'))) === '/Image';
  }).length;
}

/**
 * Every image a PDF's bytes hold, wherever it sits (a page, a form, an unused object): read from the
 * file's objects, not from what a page draws, so "no image" means none is in the bytes at all.
 */
export async function imagesIn(bytes: Uint8Array): Promise<{ width: number; height: number }[]> {
  const pdf = await PDFDocument.load(bytes);
  const images: { width: number; height: number }[] = [];
  for (const [, object] of pdf.context.enumerateIndirectObjects()) {
    if (!(object instanceof PDFStream)) continue;
    if (String(object.dict.get(PDFName.of('Subtype'))) !== '/Image') continue;
    const size = (key: string) => Number(String(object.dict.get(PDFName.of(key))));
    images.push({ width: size('Width'), height: size('Height') });
  }
  return images;
}
