import { describe, expect, it } from 'vitest';
import { IMAGE_STEPS } from '../../lib/pdf/images.ts';
import { fitsLimit, fittingAttempts, madeSmaller } from './pack-fit.ts';

const pack = (bytes: number, pages: number, reencoded = false) => ({ bytes: Buffer.alloc(bytes), pages, reencoded });

describe('fitting a pack to its processor (DESIGN §15)', () => {
  it('tries images re-encoded, step by step, before the timeline is cut, and skips them without images', () => {
    expect(fittingAttempts(true)).toEqual([
      { trimmed: false, images: null },
      ...IMAGE_STEPS.map((images) => ({ trimmed: false, images })),
      { trimmed: true, images: IMAGE_STEPS.at(-1) },
    ]);
    expect(fittingAttempts(false)).toEqual([
      { trimmed: false, images: null },
      { trimmed: true, images: null },
    ]);
  });

  it('fits within both limits, and a profile with no page limit on bytes alone', () => {
    expect(fitsLimit(pack(100, 19), { maxBytes: 100, maxPages: 19 })).toBe(true);
    expect(fitsLimit(pack(101, 19), { maxBytes: 100, maxPages: 19 })).toBe(false);
    expect(fitsLimit(pack(100, 20), { maxBytes: 100, maxPages: 19 })).toBe(false);
    expect(fitsLimit(pack(100, 500), { maxBytes: 100, maxPages: null })).toBe(true);
  });

  it('names what was done, and nothing when the pack went in as made', () => {
    const step = IMAGE_STEPS[0];
    expect(madeSmaller(pack(1, 1), { trimmed: false, images: null })).toBeNull();
    // an image step that made no image smaller is not claimed
    expect(madeSmaller(pack(1, 1), { trimmed: false, images: step })).toBeNull();
    expect(madeSmaller(pack(1, 1, true), { trimmed: false, images: step })).toBe('made smaller: images re-encoded');
    expect(madeSmaller(pack(1, 1, true), { trimmed: true, images: step })).toBe(
      'made smaller: images re-encoded, timeline and download log cut',
    );
  });
});
