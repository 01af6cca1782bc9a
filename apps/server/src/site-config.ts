import type { Domain, SiteLink } from '@eta/shared';
import { type Env, url } from './config-readers.ts';

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

/** `Label=https://…,Label=https://…`: header links of a landing site. */
function links(env: Env, key: string, fallback: SiteLink[], problems: string[]): SiteLink[] {
  const raw = env[key];
  if (!raw) return fallback;
  return raw.split(',').flatMap((pair) => {
    const at = pair.indexOf('=');
    const label = pair.slice(0, at).trim();
    const href = pair.slice(at + 1).trim();
    if (at < 1 || !label || !/^https?:\/\/\S+$/.test(href)) {
      problems.push(`${key} must be Label=https://… pairs separated by commas (got "${pair.trim()}")`);
      return [];
    }
    return [{ label, url: href }];
  });
}

/** A landing site's name, logo and links (SITE_*_PRIMARY / SITE_*_SECONDARY); defaults follow its base URL. */
export function siteFor(env: Env, domain: Domain, base: string, problems: string[]): SiteConfig {
  const key = (name: string) => `SITE_${name}_${domain.toUpperCase()}`;
  const web = (name: string, path: string) =>
    url(env, key(name), ['http:', 'https:'], problems) ?? `${base.replace(/\/+$/, '')}${path}`;
  const homeUrl = web('HOME_URL', '/');
  const contactUrl = web('CONTACT_URL', '/contact-us');
  const defaultLinks = [
    { label: 'Home', url: homeUrl },
    { label: 'Apply Now', url: `${base.replace(/\/+$/, '')}/apply` },
    { label: 'Contact Us', url: contactUrl },
  ];
  return {
    name: env[key('NAME')]?.trim() || SITE_NAMES[domain],
    logoUrl: url(env, key('LOGO_URL'), ['http:', 'https:'], problems),
    homeUrl,
    headerLinks: links(env, key('HEADER_LINKS'), defaultLinks, problems),
    contactUrl,
    complaintUrl: web('COMPLAINT_URL', '/complaints'),
    termsUrl: web('TERMS_URL', '/terms-and-conditions'),
    privacyUrl: web('PRIVACY_URL', '/privacy-policy'),
    refundUrl: web('REFUND_URL', '/refund-policy'),
  };
}
