import {
  DEFENCE_MSG,
  invoiceNotFoundMessage,
  invoiceSentMessage,
  MAIL_KIND,
  ORDER_EVENT,
  type SendInvoiceInput,
  type TokenUser,
} from '@eta/shared';
import { SERVICE_NAME } from '../../business-config.ts';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import { FILE_FOLDER } from '../../lib/file-store.ts';
import { withPdfSlot } from '../../lib/pdf/slots.ts';
import { nowIso } from '../../lib/time.ts';
import { inTransaction } from '../../lib/transaction.ts';
import { assertMailable, queueOrderMail } from '../mail/index.ts';
import { appendEvents, lockOrderForWrite } from '../order-changes/index.ts';
import { buildInvoicePdf } from './invoice-pdf.ts';
import * as repo from './invoices.repository.ts';

export const invoiceNumberOf = (prefix: string, year: number, seq: number) =>
  `${prefix}-${year}-${String(seq).padStart(6, '0')}`;

/**
 * POST /admin/send-invoice (SPEC §2, §3, §7): one invoice per order, numbered once; sending again
 * mails the same invoice. The number, the row, the PDF on disk, the mail with its attachment and the
 * Activity rows all come about in one transaction (the file is removed again if it does not commit).
 */
export function createInvoiceService(ctx: AppContext) {
  const { business } = ctx.config;
  // BUSINESS_EMAIL or no contact address at all: MAIL_FROM is a no-reply sender (issue 31)
  const { email } = business;

  async function send(staff: TokenUser, input: SendInvoiceInput) {
    if (!(await repo.findOrder(ctx.db, input.orderId))) throw AppError.notFound(invoiceNotFoundMessage(input.orderId));
    let created: string | null = null;
    try {
      return await inTransaction(ctx.transactions, async (trx, tx) => {
        created = null;
        const locked = await lockOrderForWrite(trx, staff, input.orderId);
        const order = await repo.findOrder(trx, input.orderId);
        if (!order) throw AppError.notFound(invoiceNotFoundMessage(input.orderId));
        // before the no-address check: an erased order has none, and the reason is the erasure
        assertMailable(locked);
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
          await repo.insertInvoice(trx, { ...invoice, order_key: locked.id, created_by: staff.id });
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
        await ctx.files.putAs(FILE_FOLDER.invoices, invoice.file_name, pdf);
        if (!existing) created = invoice.file_name;
        const [mailId] = await queueOrderMail(ctx, trx, tx, staff, {
          kind: MAIL_KIND.invoice,
          orders: [locked],
          invoice: {
            number: invoice.invoice_number,
            amountMinor,
            currency: invoice.currency,
            issuedAt: invoice.created_at,
            service: SERVICE_NAME,
          },
          attachment: {
            filename: invoice.file_name,
            path: `${FILE_FOLDER.invoices}/${invoice.file_name}`,
            contentType: 'application/pdf',
          },
          at,
        });
        await appendEvents(
          tx,
          staff,
          [
            {
              orderId: locked.id,
              kind: ORDER_EVENT.invoice,
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
    } catch (error) {
      if (created) await ctx.files.remove(FILE_FOLDER.invoices, created);
      throw error;
    }
  }

  return {
    send: (staff: TokenUser, input: SendInvoiceInput) => withPdfSlot(ctx, DEFENCE_MSG.busy, () => send(staff, input)),
  };
}
