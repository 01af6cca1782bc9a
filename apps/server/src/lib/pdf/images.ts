import type { Sharp, SharpOptions } from 'sharp';

/**
 * sharp (libvips, a native library with a thread pool of its own) is loaded on first use, not when
 * the app starts: most processes (the API between packs, the CLI, tests, SQLite's search threads'
 * parent) never convert an image and carry none of it.
 */
let loaded: Promise<(input: Buffer, options: SharpOptions) => Sharp> | null = null;
const sharpOf = () => {
  loaded ??= import('sharp').then((module) => module.default);
  return loaded;
};

/**
 * How far images are made smaller when a pack does not fit its processor's size limit (DESIGN §15),
 * tried in this order. An A4 image box is about 480 × 650 points, so 1,600 pixels on the long side
 * is still about 170 dpi there, and 1,100 about 120: text on a scanned document stays readable.
 */
export const IMAGE_STEPS = [
  { maxSide: 1600, quality: 72 },
  { maxSide: 1100, quality: 55 },
] as const;
export type ImageStep = (typeof IMAGE_STEPS)[number];

/** An image ready for pdfkit, which takes JPEG and PNG only. */
export interface PdfImage {
  bytes: Buffer;
  /** true when it was made smaller than the stored file to fit a limit (the pack says so) */
  reencoded: boolean;
}

const AS_IS = new Set(['image/jpeg', 'image/png']);
export const PLACEABLE_IMAGES = new Set([...AS_IS, 'image/webp']);

/**
 * The stored image as a PDF can hold it: JPEG and PNG as they are; WebP converted to PNG (lossless,
 * the same pixels, transparency on white). With a `step`, re-encoded as JPEG within its size, kept
 * only when that is smaller than the stored file. Throws on a file that cannot be read as an image.
 */
export async function pdfImage(bytes: Buffer, contentType: string, step: ImageStep | null = null): Promise<PdfImage> {
  if (!PLACEABLE_IMAGES.has(contentType)) throw new Error(`a ${contentType} file cannot be placed in a PDF`);
  // sharp works in libuv's thread pool: a large image does not hold up other requests
  const sharp = await sharpOf();
  const upright = () => sharp(bytes, { failOn: 'error' }).rotate().flatten({ background: '#ffffff' });
  const original = AS_IS.has(contentType) ? bytes : await upright().png().toBuffer();
  if (!step) return { bytes: original, reencoded: false };
  const smaller = await upright()
    .resize({ width: step.maxSide, height: step.maxSide, fit: 'inside', withoutEnlargement: true })
    .jpeg({ quality: step.quality, mozjpeg: true })
    .toBuffer();
  return smaller.length < original.length ? { bytes: smaller, reencoded: true } : { bytes: original, reencoded: false };
}
