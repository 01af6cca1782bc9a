import type { PackProfile } from '@eta/shared';
import { IMAGE_STEPS } from '../../lib/pdf/images.ts';
import type { BuiltPack, PackOptions } from './pack.ts';

/**
 * The ways a pack is made, in DESIGN §15's order, until one fits: as it is; its images re-encoded,
 * step by step (only when it has images: a PDF document's pages are never re-drawn); then the
 * timeline and download log cut to what matters too. Past the last, the call answers 422.
 */
export function fittingAttempts(withImages: boolean): PackOptions[] {
  const steps = withImages ? IMAGE_STEPS : [];
  return [
    { trimmed: false, images: null },
    ...steps.map((images) => ({ trimmed: false, images })),
    { trimmed: true, images: steps.at(-1) ?? null },
  ];
}

export const fitsLimit = (pack: Pick<BuiltPack, 'bytes' | 'pages'>, limit: PackProfile) =>
  pack.bytes.length <= limit.maxBytes && (limit.maxPages === null || pack.pages <= limit.maxPages);

/** What the Activity row says was done to fit: "made smaller: images re-encoded"; null when nothing was. */
export function madeSmaller(pack: Pick<BuiltPack, 'reencoded'>, options: PackOptions): string | null {
  const steps = [pack.reencoded && 'images re-encoded', options.trimmed && 'timeline and download log cut'];
  const done = steps.filter(Boolean);
  return done.length > 0 ? `made smaller: ${done.join(', ')}` : null;
}
