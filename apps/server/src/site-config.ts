import type { Domain, SiteLink } from '@eta/shared';
import { field, trimmed, url } from './env-fields.ts';

/** A landing site's settings (SITE_*_PRIMARY / SITE_*_SECONDARY), read by config.ts. */
export interface SiteConfig {
  name: string;
  /** null: the built-in logo */
  logoUrl: string | null;
  homeUrl: string;
  headerLinks: readonly SiteLink[];
  contactUrl: string;
  complaintUrl: string;
  termsUrl: string;
  /** footer links of the mails (SPEC §2 approval email: Terms, Privacy, Contact, Refund) */
  privacyUrl: string;
  refundUrl: string;
}

const SITE_NAMES: Record<Domain, string> = { primary: 'UK ETA Online', secondary: 'UK ETA Apply' };

/** `Label=https://…,Label=https://…`: header links of a landing site; unset: null (siteFor's defaults). */
function links(raw: string | undefined, name: string, problems: string[]): SiteLink[] | null {
  if (!raw) return null;
  return raw.split(',').flatMap((pair) => {
    const at = pair.indexOf('=');
    const label = pair.slice(0, at).trim();
    const href = pair.slice(at + 1).trim();
    if (at < 1 || !label || !/^https?:\/\/\S+$/.test(href)) {
      problems.push(`${name} must be Label=https://… pairs separated by commas (got "${pair.trim()}")`);
      return [];
    }
    return [{ label, url: href }];
  });
}

/** The landing sites' fields of env-schema.ts, each row naming the primary and secondary variable. */
export const SITE_FIELDS = {
  SITE_NAME_PRIMARY: trimmed(
    {
      default: '`UK ETA Online`, `UK ETA Apply`',
      meaning:
        "landing-site name in the public pages' header and copyright line (`© 2025 {name}`), and the sender name of its customers' mails",
      with: ['SITE_NAME_SECONDARY'],
    },
    null,
  ),
  SITE_NAME_SECONDARY: trimmed({ rowOf: 'SITE_NAME_PRIMARY' }, null),
  SITE_LOGO_URL_PRIMARY: url(
    {
      default: 'unset',
      meaning:
        "`https://…` logo of the public pages' header (its origin is added to their CSP `img-src`); unset: the built-in eTA logo",
      with: ['SITE_LOGO_URL_SECONDARY'],
    },
    ['http:', 'https:'],
  ),
  SITE_LOGO_URL_SECONDARY: url({ rowOf: 'SITE_LOGO_URL_PRIMARY' }, ['http:', 'https:']),
  SITE_HOME_URL_PRIMARY: url(
    {
      default: "the site's `PUBLIC_BASE_URL_…`",
      meaning: 'where the header logo links',
      with: ['SITE_HOME_URL_SECONDARY'],
    },
    ['http:', 'https:'],
  ),
  SITE_HOME_URL_SECONDARY: url({ rowOf: 'SITE_HOME_URL_PRIMARY' }, ['http:', 'https:']),
  SITE_HEADER_LINKS_PRIMARY: field(
    {
      default: 'Home, Apply Now (`/apply`), Contact Us',
      meaning: 'header links as `Label=https://…` pairs separated by commas',
      with: ['SITE_HEADER_LINKS_SECONDARY'],
    },
    links,
  ),
  SITE_HEADER_LINKS_SECONDARY: field({ rowOf: 'SITE_HEADER_LINKS_PRIMARY' }, links),
  SITE_CONTACT_URL_PRIMARY: url(
    {
      default: '`{PUBLIC_BASE_URL_…}/contact-us`',
      meaning: 'the Contact Support link of the public pages',
      with: ['SITE_CONTACT_URL_SECONDARY'],
    },
    ['http:', 'https:'],
  ),
  SITE_CONTACT_URL_SECONDARY: url({ rowOf: 'SITE_CONTACT_URL_PRIMARY' }, ['http:', 'https:']),
  SITE_COMPLAINT_URL_PRIMARY: url(
    {
      default: '`{PUBLIC_BASE_URL_…}/complaints`',
      meaning: 'complaints link (public footer)',
      with: ['SITE_COMPLAINT_URL_SECONDARY'],
    },
    ['http:', 'https:'],
  ),
  SITE_COMPLAINT_URL_SECONDARY: url({ rowOf: 'SITE_COMPLAINT_URL_PRIMARY' }, ['http:', 'https:']),
  SITE_TERMS_URL_PRIMARY: url(
    {
      default: '`{PUBLIC_BASE_URL_…}/terms-and-conditions`',
      meaning: 'terms link (public footer)',
      with: ['SITE_TERMS_URL_SECONDARY'],
    },
    ['http:', 'https:'],
  ),
  SITE_TERMS_URL_SECONDARY: url({ rowOf: 'SITE_TERMS_URL_PRIMARY' }, ['http:', 'https:']),
  SITE_PRIVACY_URL_PRIMARY: url(
    {
      default: '`{PUBLIC_BASE_URL_…}/privacy-policy`',
      meaning: "privacy link in the mails' footer",
      with: ['SITE_PRIVACY_URL_SECONDARY'],
    },
    ['http:', 'https:'],
  ),
  SITE_PRIVACY_URL_SECONDARY: url({ rowOf: 'SITE_PRIVACY_URL_PRIMARY' }, ['http:', 'https:']),
  SITE_REFUND_URL_PRIMARY: url(
    {
      default: '`{PUBLIC_BASE_URL_…}/refund-policy`',
      meaning: "refund-policy link in the mails' footer",
      with: ['SITE_REFUND_URL_SECONDARY'],
    },
    ['http:', 'https:'],
  ),
  SITE_REFUND_URL_SECONDARY: url({ rowOf: 'SITE_REFUND_URL_PRIMARY' }, ['http:', 'https:']),
};

type SiteKey =
  | 'NAME'
  | 'LOGO_URL'
  | 'HOME_URL'
  | 'HEADER_LINKS'
  | 'CONTACT_URL'
  | 'COMPLAINT_URL'
  | 'TERMS_URL'
  | 'PRIVACY_URL'
  | 'REFUND_URL';
/** One domain's site settings as env-schema.ts read them (null where the default follows the base URL). */
export interface SiteSettings {
  NAME: string | null;
  LOGO_URL: string | null;
  HOME_URL: string | null;
  HEADER_LINKS: SiteLink[] | null;
  CONTACT_URL: string | null;
  COMPLAINT_URL: string | null;
  TERMS_URL: string | null;
  PRIVACY_URL: string | null;
  REFUND_URL: string | null;
}

/** One domain's SITE_* values out of the parsed environment. */
export function siteSettings(values: Record<string, unknown>, domain: Domain): SiteSettings {
  const suffix = `_${domain.toUpperCase()}`;
  const keys: SiteKey[] = [
    'NAME',
    'LOGO_URL',
    'HOME_URL',
    'HEADER_LINKS',
    'CONTACT_URL',
    'COMPLAINT_URL',
    'TERMS_URL',
    'PRIVACY_URL',
    'REFUND_URL',
  ];
  return Object.fromEntries(keys.map((k) => [k, values[`SITE_${k}${suffix}`] ?? null])) as unknown as SiteSettings;
}

/** A landing site's name, logo and links; defaults follow its base URL. */
export function siteFor(site: SiteSettings, domain: Domain, base: string): SiteConfig {
  const root = base.replace(/\/+$/, '');
  const homeUrl = site.HOME_URL ?? `${root}/`;
  const contactUrl = site.CONTACT_URL ?? `${root}/contact-us`;
  const defaultLinks = [
    { label: 'Home', url: homeUrl },
    { label: 'Apply Now', url: `${root}/apply` },
    { label: 'Contact Us', url: contactUrl },
  ];
  return {
    name: site.NAME ?? SITE_NAMES[domain],
    logoUrl: site.LOGO_URL,
    homeUrl,
    headerLinks: site.HEADER_LINKS ?? defaultLinks,
    contactUrl,
    complaintUrl: site.COMPLAINT_URL ?? `${root}/complaints`,
    termsUrl: site.TERMS_URL ?? `${root}/terms-and-conditions`,
    privacyUrl: site.PRIVACY_URL ?? `${root}/privacy-policy`,
    refundUrl: site.REFUND_URL ?? `${root}/refund-policy`,
  };
}
