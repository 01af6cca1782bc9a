import type { EmailContent, TemplateVariable } from '@eta/shared';
import { trackUrlOf } from './approval.ts';
import { esc, type MailSite } from './layout.ts';

export interface CustomerMailOrder {
  order_id: string;
  first_name: string | null;
  sur_name: string | null;
}

/** `{{ name }}`: split() keeps the names at the odd places, the text around them at the even ones. */
const VARIABLE = /\{\{\s*([a-z_]+)\s*\}\}/;

export function variablesOf(order: CustomerMailOrder, site: MailSite): Record<TemplateVariable, string> {
  return {
    first_name: order.first_name?.trim() ?? '',
    sur_name: order.sur_name?.trim() ?? '',
    order_id: order.order_id,
    track_url: trackUrlOf(site, order.order_id),
    site_name: site.name,
    support_phone: site.supportPhone,
  };
}

/**
 * The template's text with each variable replaced by its value, in one pass over the template: a
 * value is inserted once and never read again, so a customer named `{{track_url}}` stays that
 * name. `encode` runs on every piece (the template's own text and the values): nothing a member or
 * a customer typed becomes markup. An unknown name (the schemas refuse them) stays as written.
 */
export function fill(template: string, values: Record<string, string>, encode: (s: string) => string): string {
  return template
    .split(VARIABLE)
    .map((piece, i) => {
      if (i % 2 === 0) return encode(piece);
      return piece in values ? encode(values[piece] as string) : encode(`{{${piece}}}`);
    })
    .join('');
}

const oneLine = (s: string) => s.replace(/[\r\n]+/g, ' ');
const paragraphsOf = (html: string) =>
  html
    .split(/\r?\n\s*\r?\n/)
    .filter((p) => p.trim())
    .map((p) => `<p>${p.replace(/\r?\n/g, '<br>')}</p>`);

/** A member's mail to the customer (DESIGN §25): their subject and text, rendered for this order, in the site's frame. */
export function customerMail(order: CustomerMailOrder, site: MailSite, subject: string, body: string): EmailContent {
  const values = variablesOf(order, site);
  const renderedSubject = oneLine(fill(subject, values, (s) => s)).trim();
  const text = `${fill(body, values, (s) => s).trim()}\n\n--\n${site.name}\n`;
  const html = [
    '<!DOCTYPE html>',
    '<html lang="en"><head><meta charset="utf-8">',
    `<title>${esc(renderedSubject)}</title></head>`,
    '<body style="font-family:Arial,Helvetica,sans-serif;font-size:14px;line-height:1.5;color:#222">',
    ...paragraphsOf(fill(body.trim(), values, esc)),
    '<hr>',
    `<p style="font-size:12px;color:#666">${esc(site.name)}</p>`,
    '</body></html>',
  ].join('\n');
  return { subject: renderedSubject, html, text };
}
