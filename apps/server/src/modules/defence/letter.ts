import { DEFENCE_DISCLAIMER, DEFENCE_MSG, type DefenceLetter, type DefencePackType, MAIL_STATUS } from '@eta/shared';
import { type BusinessConfig, SERVICE_NAME } from '../../business-config.ts';
import { longDate, stampUtc } from '../../lib/pdf/text.ts';
import { downloadIps, type Evidence } from './evidence.ts';

const MAX_IPS_IN_LETTER = 8;

const times = (n: number) => (n === 1 ? 'once' : n === 2 ? 'twice' : `${n} times`);

function listOf(items: readonly string[]): string {
  if (items.length <= 1) return items[0] ?? '';
  return `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}

/**
 * What the order's own records show was delivered. The letter states nothing beyond it: a processor
 * reads the letter beside the enclosed evidence, and a claim the evidence contradicts loses the case.
 */
function delivery(evidence: Evidence) {
  const mail = evidence.approvalMail?.status === MAIL_STATUS.sent ? evidence.approvalMail : null;
  const approved = evidence.document !== null;
  return {
    approved,
    mail,
    downloaded: approved && evidence.downloads.length > 0,
    delivered: approved && mail !== null,
  };
}

function downloadsSentence(evidence: Evidence): string {
  const n = evidence.downloads.length;
  const { mail } = delivery(evidence);
  if (n === 0) {
    return mail
      ? `Our records show no download from our website yet; the approval email with the link to the download page was sent to ${mail.to_address}.`
      : 'Our records show no download from our website yet.';
  }
  const ips = downloadIps(evidence);
  const shown = ips.slice(0, MAX_IPS_IN_LETTER);
  const more = ips.length > shown.length ? ` and ${ips.length - shown.length} other addresses` : '';
  const from = `${ips.length === 1 ? 'IP address' : 'IP addresses'} ${listOf(shown)}${more}`;
  const first = evidence.downloads[0]?.create_ts;
  const last = evidence.downloads.at(-1)?.create_ts;
  const when = n === 1 ? `on ${stampUtc(first)}` : `first on ${stampUtc(first)} and most recently on ${stampUtc(last)}`;
  return `The customer downloaded the approved eTA ${times(n)} from that page, from ${from}, ${when}.`;
}

function journey(evidence: Evidence): string[] {
  const o = evidence.order;
  const paid = evidence.amount ? `and paid ${evidence.amount}` : 'and paid for the service';
  const processed = o.processed_at ? ` (processed on ${longDate(o.processed_at)})` : '';
  const { approved, mail } = delivery(evidence);
  // The approval mail carries a link, not the document
  // (docs/decisions/0037-the-approval-mail-does-not-attach-the-document.md).
  const mailed = mail ? `we emailed ${mail.to_address} a link to it on ${stampUtc(mail.sent_at)} and ` : 'we ';
  const approval = approved
    ? ` Once the eTA was approved, ${mailed}made it available on our secure download page, which opens only with the order id and the email address of the order. ${downloadsSentence(evidence)}`
    : '';
  return [
    `On ${stampUtc(o.created_at)}, ${evidence.applicant} applied for a UK eTA on our website ${evidence.site.name} (${evidence.site.url}), entered their personal and passport details, answered the eligibility questions, accepted our terms and conditions ${paid}.`,
    `Our team checked the application and submitted it to the UK authorities${processed}.${approval}`,
  ];
}

/** The closing section: "delivered" only when the records show the approved eTA reached the customer. */
function serviceSection(evidence: Evidence, email: string | null, orderId: string) {
  const { delivered, downloaded } = delivery(evidence);
  const reached = delivered || downloaded;
  const how = [delivered && 'sent to them', downloaded && 'downloaded by them'].filter(Boolean).join(' and ');
  return {
    heading: reached ? 'The service was delivered' : 'The service we provided',
    paragraphs: [
      reached
        ? `The customer received exactly what they paid for: the application was prepared, checked and submitted, the eTA was approved, and the approved eTA was ${how} as described above. The enclosed records are taken unchanged from our order system, which logs every email we send and every download of the document.`
        : 'The application was prepared, checked and submitted to the UK authorities as described above. The enclosed records are taken unchanged from our order system, which logs every email we send and every download of the document.',
      `We therefore ask you to reverse the chargeback. If you need anything further, please contact us${email ? ` at ${email}` : ''}, quoting order ${orderId}.`,
    ],
  };
}

function enclosures(evidence: Evidence, type: DefencePackType): string[] {
  if (type === 2) return ['Evidence page: order facts, delivery of the eTA and the download log'];
  return [
    'Order summary',
    "The applicant's declarations (answers given on our application form)",
    'Timeline of the order, with every email sent',
    'Download log of the approved eTA (time, IP address, time zone, browser, operating system)',
    ...(delivery(evidence).mail ? ['The approval email as sent'] : []),
    ...(evidence.passport ? ["The applicant's passport image, as uploaded with the application"] : []),
    ...(evidence.document ? ['The approved eTA document as delivered to the customer'] : []),
  ];
}

/**
 * The defence letter of SPEC §1 for one order: addressed to the payment processor, describing the
 * business, the customer journey and the service, with the disclaimer that the business is not the
 * government. The modal shows this object and the PDF prints it: one source for both.
 */
export function composeLetter(evidence: Evidence, type: DefencePackType, business: BusinessConfig): DefenceLetter {
  const o = evidence.order;
  // The disputes address is BUSINESS_EMAIL only: the sender of our mails is a no-reply address, and a
  // processor told to write there writes to nobody (issue 18).
  const email = business.email;
  const transactionId = o.transaction_id?.trim() || '';
  const merchantName = o.merchant_name?.trim() || '';
  const missing: DefenceLetter['missing'] = [];
  if (!transactionId) missing.push('transactionId');
  if (!merchantName) missing.push('merchantName');
  if (!email) missing.push('businessEmail');
  const txn = transactionId || `(${DEFENCE_MSG.notEntered})`;
  const { delivered, downloaded } = delivery(evidence);
  return {
    orderId: o.order_id,
    packType: type,
    from: [business.name, ...business.addressLines, ...(email ? [email] : [])],
    date: longDate(evidence.generatedAt),
    to: ['The Disputes Team', evidence.processor],
    profile: evidence.profile,
    subject: `Response to chargeback – transaction ${txn}, order ${o.order_id}`,
    reference: [
      { label: 'Transaction ID', value: txn },
      { label: 'Merchant name', value: merchantName || `(${DEFENCE_MSG.notEntered})` },
      { label: 'Amount', value: evidence.amount ?? '-' },
      { label: 'Order ID', value: o.order_id },
      { label: 'Order date', value: stampUtc(o.created_at) },
      { label: 'Customer', value: evidence.applicant },
    ],
    salutation: 'Dear Disputes Team,',
    sections: [
      {
        heading: null,
        paragraphs: [
          `We write in response to the chargeback raised on transaction ${txn} for ${evidence.amount ?? 'the amount paid'}, processed under the merchant name ${merchantName || `(${DEFENCE_MSG.notEntered})`}. The customer ordered and paid for our ${SERVICE_NAME}, and we ${delivered || downloaded ? 'delivered that service in full' : 'provided that service'}, as the enclosed evidence shows. We respectfully ask you to decide the dispute in our favour.`,
        ],
      },
      {
        heading: 'About our business',
        paragraphs: [
          `${business.name} helps travellers apply for the UK Electronic Travel Authorisation (eTA). For our service fee we check each application for errors and omissions, submit it to the UK authorities on the traveller's behalf, follow it up, and deliver the approved eTA through a secure download page on our website, with a link to it by email.`,
          `${business.name} ${DEFENCE_DISCLAIMER} Our website says so before the customer applies and pays, and explains that an eTA can also be obtained directly from the UK Government.`,
        ],
      },
      { heading: 'The customer journey', paragraphs: journey(evidence) },
      serviceSection(evidence, email, o.order_id),
    ],
    enclosures: enclosures(evidence, type),
    closing: 'Yours faithfully,',
    signature: [business.name, 'Disputes Team'],
    missing,
  };
}
