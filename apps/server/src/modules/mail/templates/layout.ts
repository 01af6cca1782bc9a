import type { Domain, EmailContent } from '@eta/shared';
import type { Config } from '../../../config.ts';

/** Everything a template knows about the landing site an order belongs to (SPEC §2: links by domain). */
export interface MailSite {
  name: string;
  publicBaseUrl: string;
  contactUrl: string;
  complaintUrl: string;
  termsUrl: string;
  privacyUrl: string;
  refundUrl: string;
  supportPhone: string;
}

export function mailSiteOf(config: Config, domain: Domain): MailSite {
  const site = config.sites[domain];
  return {
    name: site.name,
    publicBaseUrl: config.publicBaseUrl[domain].replace(/\/+$/, ''),
    contactUrl: site.contactUrl,
    complaintUrl: site.complaintUrl,
    termsUrl: site.termsUrl,
    privacyUrl: site.privacyUrl,
    refundUrl: site.refundUrl,
    supportPhone: config.mail.supportPhone,
  };
}

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Every value put into a mail's HTML goes through here: names and emails come from customers. */
export const esc = (value: string): string => value.replace(/[&<>"']/g, (c) => ENTITIES[c] as string);

/** A link; the URL is escaped as an attribute value. */
export const link = (url: string, label: string): string => `<a href="${esc(url)}">${esc(label)}</a>`;

/** A text paragraph of the plain-text part: its lines, then a blank line. */
export interface Part {
  html: string;
  text: string;
}

export const paragraph = (html: string, text: string): Part => ({ html: `<p>${html}</p>`, text });

export const list = (items: readonly string[]): Part => ({
  html: `<ul>${items.map((item) => `<li>${esc(item)}</li>`).join('')}</ul>`,
  text: items.map((item) => `- ${item}`).join('\n'),
});

export const heading = (title: string): Part => ({ html: `<h3>${esc(title)}</h3>`, text: title.toUpperCase() });

/** The footer of every mail (SPEC §2: Terms, Privacy, Contact, Refund). */
function footer(site: MailSite): Part {
  const links: [string, string][] = [
    ['Terms', site.termsUrl],
    ['Privacy', site.privacyUrl],
    ['Contact', site.contactUrl],
    ['Refund', site.refundUrl],
  ];
  return {
    html: `<p style="font-size:12px;color:#666">${links.map(([label, url]) => link(url, label)).join(' | ')}</p>`,
    text: links.map(([label, url]) => `${label}: ${url}`).join('\n'),
  };
}

/** A whole mail: a greeting, the parts, a sign-off and the footer, as HTML and as plain text. */
export function compose(site: MailSite, subject: string, greetingName: string, parts: readonly Part[]): EmailContent {
  const all = [
    paragraph(`Dear ${esc(greetingName)},`, `Dear ${greetingName},`),
    ...parts,
    paragraph(`Kind regards,<br>${esc(site.name)}`, `Kind regards,\n${site.name}`),
  ];
  const foot = footer(site);
  const html = [
    '<!DOCTYPE html>',
    '<html lang="en"><head><meta charset="utf-8">',
    `<title>${esc(subject)}</title></head>`,
    '<body style="font-family:Arial,Helvetica,sans-serif;font-size:14px;line-height:1.5;color:#222">',
    ...all.map((p) => p.html),
    '<hr>',
    foot.html,
    '</body></html>',
  ].join('\n');
  const text = `${[...all.map((p) => p.text), '--', foot.text].join('\n\n')}\n`;
  return { subject, html, text };
}

/** The applicant's name for the greeting. */
export function applicantName(order: { first_name: string | null; sur_name: string | null }): string {
  return [order.first_name, order.sur_name].filter((s) => s?.trim()).join(' ') || 'Applicant';
}
