import { copyrightLine, type Domain, decodeOrderRef, domainOfOrderId, type SiteBranding } from '@eta/shared';
import type { Config } from '../../config.ts';

/** The landing site's header, footer and links, as the public pages draw them (SPEC §2). */
export function brandingOf(config: Config, domain: Domain): SiteBranding {
  const site = config.sites[domain];
  return {
    domain,
    siteName: site.name,
    logoUrl: site.logoUrl,
    homeUrl: site.homeUrl,
    headerLinks: site.headerLinks.map((link) => ({ ...link })),
    contactUrl: site.contactUrl,
    complaintUrl: site.complaintUrl,
    termsUrl: site.termsUrl,
    copyright: copyrightLine(site.name),
  };
}

const hostOf = (url: string): string | null => {
  try {
    return new URL(url).host.toLowerCase();
  } catch {
    return null;
  }
};

/** Before an order is known: the site whose public base URL has this host; the primary otherwise. */
export function domainOfHost(config: Config, host: string | undefined): Domain {
  const wanted = host?.toLowerCase();
  if (wanted && hostOf(config.publicBaseUrl.secondary) === wanted) return 'secondary';
  return 'primary';
}

/**
 * The site of an order reference (its id's prefix, DESIGN §6), else of the request's host. The
 * database is not read: the answer is the same whether or not the order exists.
 */
export function brandingFor(config: Config, orderRef: string | undefined, host: string | undefined): SiteBranding {
  const orderId = orderRef ? decodeOrderRef(orderRef) : null;
  const domain = orderId ? domainOfOrderId(orderId, config.domainPrefixes) : domainOfHost(config, host);
  return brandingOf(config, domain);
}
