/** SPEC §9: the copyright year on the public footer, a constant by the letter of the spec. */
export const PUBLIC_COPYRIGHT_YEAR = 2025;

export const copyrightLine = (siteName: string): string => `© ${PUBLIC_COPYRIGHT_YEAR} ${siteName}`;

/** SPEC §9: the automatic download starts 1 second after a successful download record. */
export const PUBLIC_DOWNLOAD_DELAY_MS = 1000;

/** DESIGN §8: lifetimes of the order access token and of a one-time download link. */
export const PUBLIC_ACCESS_TTL_SECONDS = 30 * 60;
export const PUBLIC_LINK_TTL_SECONDS = 10 * 60;

/** Public calls of SPEC §7 (under /api) and ours beside them (DESIGN §8). */
export const PUBLIC_API = {
  trackOrder: '/front/track-order',
  downloadHistory: '/front/get-download-history',
  download: '/front/download-passport-doc-pdf',
  /** followed by /{one-time link token} */
  downloadFile: '/front/download',
  branding: '/front/branding',
} as const;

/** The server's replies on the public pages, where SPEC leaves them open (DESIGN §5). */
export const PUBLIC_MSG = {
  trackOk: 'Your order has been found.',
  trackNoMatch: 'We could not find an order with this Order ID and Email ID. Please check both and try again.',
  history: 'Download history',
  downloadOk: 'Your download will start shortly.',
  documentUnavailable: 'Your eTA document is not available for download. Please contact support.',
  linkRefused: 'This download link has expired or has already been used. Please click Download Now again.',
  fileMissing: 'The document file could not be found. Please contact support.',
  accessNeeded: 'Please enter your Order ID and Email ID to continue.',
  otherOrder: 'This page is open for another order. Please enter your Order ID and Email ID again.',
  branding: 'Site',
} as const;

export type {
  DownloadRecord,
  PublicDocumentPath,
  PublicMainResult,
  SiteBranding,
  SiteLink,
  TrackData,
} from './schemas/public.ts';
