/**
 * Okabe–Ito colours (safe for the common colour-vision deficiencies). Stacked series also differ in
 * lightness (dark blue under light orange) and the second one is hatched, so they stay apart in
 * greyscale and in print; every bar has a dark border.
 */
export const SERIES_STYLES = [
  { fill: '#0072B2', border: '#00466d', hatched: false },
  { fill: '#E69F00', border: '#7a5400', hatched: true },
  { fill: '#009E73', border: '#00553e', hatched: false },
] as const;

export const HATCH_COLOUR = 'rgba(0, 0, 0, 0.45)';
export const GRID_COLOUR = 'rgba(0, 0, 0, 0.1)';
export const TEXT_COLOUR = '#495057';
