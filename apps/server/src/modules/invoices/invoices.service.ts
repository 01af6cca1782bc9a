import {
  DEFAULT_MAIL_PROVIDER,
  DEFENCE_MSG,
  type Domain,
  invoiceNotFoundMessage,
  invoiceSentMessage,
  MAIL_KIND,
  type SendInvoiceInput,
  type TokenUser,
} from '@eta/shared';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import { createFileStore } from '../../lib/file-store.ts';
import { withPdfSlot } from '../../lib/pdf/slots.ts';
import { longDate } from '../../lib/pdf/text.ts';
import { nowIso } from '../../lib/time.ts';
import { inTransaction } from '../../lib/transaction.ts';
import { businessEmail, SERVICE_NAME } from '../defence/letter.ts';
import { kickMail, queueMails } from '../mail/mail.service.ts';
import { invoiceMail } from '../mail/templates/invoice.ts';
import { mailSiteOf } from '../mail/templates/layout.ts';
import { formatMoney } from '../mail/templates/refund.ts';
import { appendEvents, EVENT } from '../orders/events.repository.ts';
import { lockOrderForWrite } from '../orders/order-write.ts';
import { buildInvoicePdf } from './invoice-pdf.ts';
import * as repo from './invoices.repository.ts';

/** Invoice PDFs: DATA_DIR/invoices/{number}.pdf, kept (an invoice is a record). */
export const INVOICE_FOLDER = 'invoices';

export const invoiceNumberOf = (prefix: string, year: number, seq: number) =>
  `${prefix}-${year}-${String(seq).padStart(6, '0')}`;

/**
 * POST /admin/send-invoice (SPEC §2, §3, §7): one invoice per order, numbered once; sending again
 * mails the same invoice. The number, the row, the PDF on disk, the mail with its attachment and the
 * Activity rows all come about in one transaction (the file is removed again if it does not commit).
 */
export function createInvoiceService(ctx: AppContext) {
  const store = createFileStore(ctx.config.dataDir);
  const { business } = ctx.config;
  const email = businessEmail(business, ctx.config.mail.from);

  async function send(staff: TokenUser, input: SendInvoiceInput) {
    if (!(await repo.findOrder(ctx.db, input.orderId))) throw AppError.notFound(invoiceNotFoundMessage(input.orderId));
    let created: string | null = null;
    try {
      const result = await inTransaction(ctx.db, async (trx) => {
        created = null;
        const locked = await lockOrderForWrite(trx, staff, input.orderId);
        const order = await repo.findOrder(trx, input.orderId);
        if (!order) throw AppError.notFound(invoiceNotFoundMessage(input.orderId));
        if (!order.contact_email_address) throw AppError.conflict(DEFENCE_MSG.invoiceNoEmail);
        const at = nowIso(ctx.clock);
        const existing = await repo.findByOrder(trx, locked.id);
        let invoice = existing;
        if (!invoice) {
          if (order.amount_minor === null) throw AppError.conflict(DEFENCE_MSG.invoiceNoAmount);
          const year = new Date(at).getUTCFullYear();
          const number = invoiceNumberOf(business.invoicePrefix, year, await repo.nextSeq(trx, year));
          invoice = {
            invoice_number: number,
            amount_minor: Number(order.amount_minor),
            currency: order.currency,
            file_name: `${number}.pdf`,
            created_at: at,
          };
          await repo.insertInvoice(trx, { ...invoice, order_id: locked.id, created_by: staff.id });
        }
        const applicant = [order.first_name, order.sur_name].filter((s) => s?.trim()).join(' ') || 'Applicant';
        const amountMinor = Number(invoice.amount_minor);
        const pdf = await buildInvoicePdf(business, email, {
          invoiceNumber: invoice.invoice_number,
          issuedAt: invoice.created_at,
          orderId: order.order_id,
          paidAt: order.created_at,
          applicant,
          email: order.contact_email_address,
          addressLines: [
            order.address_line1,
            order.address_line2,
            order.address_line3,
            order.town_and_city,
            order.post_code,
            order.country,
          ]
            .map((line) => line?.trim() ?? '')
            .filter(Boolean),
          service: SERVICE_NAME,
          amountMinor,
          currency: invoice.currency,
          refundedAt: order.refund_date,
        });
        await store.putAs(INVOICE_FOLDER, invoice.file_name, pdf);
        if (!existing) created = invoice.file_name;
        const site = mailSiteOf(ctx.config, (order.domain === 'secondary' ? 'secondary' : 'primary') satisfies Domain);
        const [mailId] = await queueMails(
          trx,
          staff,
          [
            {
              orderDbId: locked.id,
              documentId: null,
              kind: MAIL_KIND.invoice,
              provider: DEFAULT_MAIL_PROVIDER,
              to: order.contact_email_address,
              content: invoiceMail(
                {
                  ...order,
                  invoiceNumber: invoice.invoice_number,
                  amount: formatMoney(amountMinor, invoice.currency),
                  invoiceDate: longDate(invoice.created_at),
                  service: SERVICE_NAME,
                },
                site,
              ),
              attachments: [
                {
                  filename: invoice.file_name,
                  path: `${INVOICE_FOLDER}/${invoice.file_name}`,
                  contentType: 'application/pdf',
                },
              ],
            },
          ],
          at,
        );
        await appendEvents(
          trx,
          staff,
          [
            {
              orderId: locked.id,
              kind: EVENT.invoice,
              from: null,
              to: invoice.invoice_number,
              detail: existing ? 'sent again' : null,
            },
          ],
          at,
        );
        return {
          message: invoiceSentMessage(invoice.invoice_number, order.contact_email_address, existing !== undefined),
          data: { invoiceNumber: invoice.invoice_number, mailId },
        };
      });
      kickMail(ctx);
      return result;
    } catch (error) {
      if (created) await store.remove(INVOICE_FOLDER, created);
      throw error;
    }
  }

  return {
    send: (staff: TokenUser, input: SendInvoiceInput) => withPdfSlot(ctx, DEFENCE_MSG.busy, () => send(staff, input)),
  };
}
