import { applicantName, compose, esc, link, type MailSite, paragraph } from './layout.ts';

export interface InvoiceMailValues {
  order_id: string;
  first_name: string | null;
  sur_name: string | null;
  invoiceNumber: string;
  /** "£39.99" */
  amount: string;
  /** "14 March 2026" */
  invoiceDate: string;
  service: string;
}

/** Send Invoice (SPEC §2): the invoice PDF is attached; the mail says what it is for. */
export function invoiceMail(values: InvoiceMailValues, site: MailSite) {
  const subject = `Your invoice ${values.invoiceNumber} for order ${values.order_id}`;
  return compose(site, subject, applicantName(values), [
    paragraph(
      `Please find attached invoice <strong>${esc(values.invoiceNumber)}</strong> for your order <strong>${esc(values.order_id)}</strong>.`,
      `Please find attached invoice ${values.invoiceNumber} for your order ${values.order_id}.`,
    ),
    paragraph(
      `Service: ${esc(values.service)}<br>Amount paid: <strong>${esc(values.amount)}</strong><br>Invoice date: ${esc(values.invoiceDate)}`,
      `Service: ${values.service}\nAmount paid: ${values.amount}\nInvoice date: ${values.invoiceDate}`,
    ),
    paragraph(
      `If you have any questions about this invoice, please call our customer service on <strong>${esc(site.supportPhone)}</strong> or ${link(site.contactUrl, 'contact us')}.`,
      `If you have any questions about this invoice, please call our customer service on ${site.supportPhone} or contact us: ${site.contactUrl}`,
    ),
  ]);
}
