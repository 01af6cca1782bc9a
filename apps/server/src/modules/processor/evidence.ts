import { type Domain, formatUtcDate } from '@eta/shared';
import type { AppContext } from '../../context.ts';
import { createDoc, finish } from '../../lib/pdf/document.ts';
import { ce3For } from '../disputes/index.ts';

/** What the order says, as Stripe's dispute evidence fields (DESIGN §26), and the files to upload. */
export interface BuiltEvidence {
  fields: Record<string, string>;
  /** Stripe's file fields, each with its PDF (uploaded with purpose dispute_evidence) */
  files: { field: 'customer_communication' | 'uncategorized_file'; filename: string; bytes: Buffer }[];
  /** Visa CE 3.0: the earlier undisputed charges, when the rule holds */
  priorCharges: string[];
}

const join = (parts: readonly (string | null | undefined)[], glue: string) =>
  parts
    .map((p) => p?.trim())
    .filter(Boolean)
    .join(glue);

/** The approval mail as a PDF (Stripe takes files as PDF, JPEG or PNG): its header and its text. */
async function mailPdf(mail: {
  subject: string;
  to_address: string;
  created_at: string;
  sent_at: string | null;
  text: string;
}) {
  const doc = createDoc({ title: mail.subject, author: 'eTA Desk', subject: 'Customer communication' });
  doc.fontSize(12).text(mail.subject);
  doc.moveDown();
  doc.fontSize(9).text(`To: ${mail.to_address}\nSent: ${mail.sent_at ?? mail.created_at} (UTC)`);
  doc.moveDown();
  doc.fontSize(10).text(mail.text);
  return finish(doc);
}

/**
 * Builds the evidence from the order's own records: product, customer, purchase IP and billing
 * address, the service date (the eTA delivered), every download as `access_activity_log`, the
 * refund policy shown, the approval mail and the defence pack as files, and Visa CE 3.0's prior
 * charges when it qualifies. Fields the order has nothing for are left out, not sent empty.
 */
export async function buildEvidence(ctx: AppContext, orderDbId: number, pack: Buffer): Promise<BuiltEvidence> {
  const order = await ctx.db.selectFrom('orders').selectAll().where('id', '=', orderDbId).executeTakeFirstOrThrow();
  const site = ctx.config.sites[(order.domain === 'secondary' ? 'secondary' : 'primary') satisfies Domain];
  const [firstDocument] = await ctx.db
    .selectFrom('documents')
    .select('created_at')
    .where('order_key', '=', orderDbId)
    .where('is_rejected_doc', '<>', 'Yes')
    .orderBy('created_at')
    .limit(1)
    .execute();
  const downloads = await ctx.db
    .selectFrom('download_history')
    .select(['create_ts', 'ip', 'browser', 'os', 'timezone'])
    .where('order_key', '=', orderDbId)
    .orderBy('create_ts')
    .execute();
  const approval = await ctx.db
    .selectFrom('mail_outbox')
    .select(['subject', 'to_address', 'created_at', 'sent_at', 'text'])
    .where('order_key', '=', orderDbId)
    .where('kind', '=', 'approval')
    .where('status', '=', 'sent')
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();

  const fields: Record<string, string> = {
    product_description: join(
      [
        `Electronic travel authorisation (eTA) application service, order ${order.order_id}`,
        `${order.processing_type} processing, for travel on ${order.intended_travel_date ?? 'a date given by the customer'}`,
        `delivered as a PDF by email and through a download page at ${site.homeUrl}`,
      ],
      '; ',
    ),
    customer_name: join([order.first_name, order.sur_name], ' '),
    customer_email_address: order.contact_email_address ?? '',
    customer_purchase_ip: order.purchase_ip ?? '',
    billing_address: join(
      [
        order.address_line1,
        order.address_line2,
        order.address_line3,
        order.town_and_city,
        order.post_code,
        order.country,
      ],
      ', ',
    ),
    service_date: firstDocument ? firstDocument.created_at.slice(0, 10) : '',
    access_activity_log: downloads
      .map((d) =>
        join(
          [
            `${d.create_ts} UTC`,
            `IP ${d.ip}`,
            join([d.browser, d.os], ' on '),
            d.timezone ? `time zone ${d.timezone}` : null,
            'downloaded the eTA document',
          ],
          ' · ',
        ),
      )
      .join('\n'),
    refund_policy_disclosure: join(
      [
        order.refund_policy_version
          ? `Refund policy version ${order.refund_policy_version} was shown at checkout`
          : null,
        order.terms_accepted_at ? `terms accepted on ${formatUtcDate(order.terms_accepted_at)}` : null,
        `published at ${site.refundUrl}`,
      ],
      '; ',
    ),
  };
  const files: BuiltEvidence['files'] = [
    { field: 'uncategorized_file', filename: `defence-pack-${order.order_id}.pdf`, bytes: pack },
  ];
  if (approval)
    files.push({
      field: 'customer_communication',
      filename: `approval-mail-${order.order_id}.pdf`,
      bytes: await mailPdf(approval),
    });

  const ce3 = await ce3For(ctx.db, { ...order, id: orderDbId });
  let priorCharges: string[] = [];
  if (ce3.eligible) {
    const prior = await ctx.db
      .selectFrom('orders')
      .select('payment_reference')
      .where(
        'order_id',
        'in',
        ce3.matches.map((m) => m.order_id),
      )
      .where('payment_processor', '=', 'stripe')
      .execute();
    priorCharges = prior.map((p) => p.payment_reference).filter((r): r is string => !!r && r.startsWith('ch_'));
  }
  return {
    fields: Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== '')),
    files,
    priorCharges: priorCharges.length >= 2 ? priorCharges : [],
  };
}
