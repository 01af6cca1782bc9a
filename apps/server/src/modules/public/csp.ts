import type { Config } from '../../config.ts';

/**
 * The Google Translate element of the public top bar (SPEC §7 "a browser-side translation script is
 * loaded from a third party"): element.js from translate.google.com loads its code from
 * translate.googleapis.com, its stylesheet and icons from www.gstatic.com, fonts from
 * fonts.gstatic.com, and translates through translate.googleapis.com / translate-pa.googleapis.com.
 */
export const TRANSLATE = {
  element: 'https://translate.google.com',
  api: 'https://translate.googleapis.com',
  rpc: 'https://translate-pa.googleapis.com',
  static: 'https://www.gstatic.com',
  fonts: 'https://fonts.gstatic.com',
} as const;

const originOf = (url: string | null): string[] => {
  if (!url) return [];
  try {
    return [new URL(url).origin];
  } catch {
    return [];
  }
};

/**
 * The public pages' CSP (DESIGN §8, §10): the admin app's strict policy plus exactly the translation
 * widget's origins, and the configured logo hosts for images. Sent on the public HTML routes only.
 */
export function publicPageCsp(config: Config): string {
  const logos = [...new Set([...originOf(config.sites.primary.logoUrl), ...originOf(config.sites.secondary.logoUrl)])];
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'base-uri': ["'self'"],
    'font-src': ["'self'", 'data:', TRANSLATE.fonts],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
    'frame-src': [TRANSLATE.element],
    'img-src': ["'self'", 'data:', 'blob:', TRANSLATE.static, TRANSLATE.element, TRANSLATE.api, ...logos],
    'object-src': ["'none'"],
    'script-src': ["'self'", TRANSLATE.element, TRANSLATE.api],
    'script-src-attr': ["'none'"],
    'style-src': ["'self'", "'unsafe-inline'", TRANSLATE.static, TRANSLATE.api],
    'connect-src': ["'self'", TRANSLATE.api, TRANSLATE.rpc, TRANSLATE.element],
    'upgrade-insecure-requests': [],
  };
  return Object.entries(directives)
    .map(([name, values]) => [name, ...values].join(' '))
    .join(';');
}
