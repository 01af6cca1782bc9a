import { MAIL_STATUS } from '@eta/shared';
import { SERVICE_NAME } from '../../business-config.ts';
import { bottomLimit, type Doc, heading, keyValues, note, paragraph, quoted, title } from '../../lib/pdf/document.ts';
import type { PdfImage } from '../../lib/pdf/images.ts';
import { placeImage, REENCODED_NOTE, unreadable } from '../../lib/pdf/pages.ts';
import { table } from '../../lib/pdf/table.ts';
import { stampUtc } from '../../lib/pdf/text.ts';
import { applicantRows, declarations, providerLabel, sentWith } from './declarations.ts';
import { downloadIps, type Evidence, purchaseIpDownloads } from './evidence.ts';
import { ce3Line, purchaseSection } from './purchase-sections.ts';
import { timeline, timelineRows } from './timeline.ts';

// Time zones get the room to keep "America/Argentina/" on a line: with less, a long one took three.
const DOWNLOAD_COLUMNS = [
  { header: '#', weight: 0.35, align: 'right' as const },
  { header: 'Time (UTC)', weight: 1.85 },
  { header: 'IP address', weight: 1.55 },
  { header: 'Time zone', weight: 1.75 },
  { header: 'Browser', weight: 1.25 },
  { header: 'Operating system', weight: 1.15 },
];

const downloadRows = (evidence: Evidence) =>
  evidence.downloads.map((d, i) => [
    String(i + 1),
    stampUtc(d.create_ts),
    d.ip,
    d.timezone ?? '-',
    d.browser ?? '-',
    d.os ?? '-',
  ]);

function deliveredRow(evidence: Evidence): [string, string] {
  const mail = evidence.approvalMail;
  if (!mail) return ['Approval email', 'not sent'];
  if (mail.status !== MAIL_STATUS.sent)
    return ['Approval email', `to ${mail.to_address}, not sent yet (${mail.status})`];
  return ['Approval email', `to ${mail.to_address}, ${sentWith(mail.provider, mail.sent_at)}`];
}

/** The facts a reviewer looks for first, for both pack types; pack 2 names the CE 3.0 orders in its line. */
function orderFacts(evidence: Evidence, compact = false): [string, string][] {
  const o = evidence.order;
  const ce3 = ce3Line(evidence, compact);
  return [
    ['Order ID', o.order_id],
    ['Transaction ID', o.transaction_id ?? '-'],
    ['Merchant name', o.merchant_name ?? '-'],
    ['Amount paid', evidence.amount ?? '-'],
    ['Service', `${SERVICE_NAME} (${o.processing_type} processing)`],
    ['Website', `${evidence.site.name} (${evidence.site.url})`],
    ['Customer', `${evidence.applicant}, ${o.contact_email_address ?? '-'}`],
    ['Order placed and paid', stampUtc(o.created_at)],
    ['Processed', o.processed_at ? stampUtc(o.processed_at) : '-'],
    [
      'eTA document delivered',
      evidence.document ? stampUtc(evidence.document.created_at) : 'no approved document on file',
    ],
    deliveredRow(evidence),
    ['Downloads by the customer', downloadCount(evidence)],
    ['Order status', o.process_status.trim()],
    ...(ce3 ? [ce3] : []),
  ];
}

/** "3, from 2 IP addresses"; "1, from 1 IP address"; "none yet". */
function downloadCount(evidence: Evidence): string {
  const n = evidence.downloads.length;
  if (n === 0) return 'none yet';
  const ips = downloadIps(evidence).length;
  return `${n}, from ${ips} IP ${ips === 1 ? 'address' : 'addresses'}`;
}

const LOG_NOTE =
  "Every download of the approved eTA from our secure download page, which opens only after the order id and the email address of the order are entered. Times are UTC; the time zone is the one reported by the customer's browser; browser and operating system come from its user agent.";

/** Downloads listed one by one in a pack made smaller to fit a processor's page limit. */
const TRIMMED_DOWNLOAD_ROWS = 20;

/**
 * Type 1, sections 1 to 5: summary, declarations, timeline, download log, approval mail. `trimmed`
 * (to fit a processor's limits, DESIGN §15): the timeline keeps the events that matter and the log
 * its first rows, naming how many more there are and from where.
 */
export function fullSections(doc: Doc, evidence: Evidence, trimmed = false): void {
  doc.addPage();
  title(doc, '1. Order summary', `Taken from our order system on ${stampUtc(evidence.generatedAt)}.`);
  keyValues(doc, orderFacts(evidence));
  purchaseSection(doc, evidence);
  heading(doc, 'The applicant, as described on the application form');
  keyValues(doc, applicantRows(evidence));

  title(doc, "2. The applicant's declarations", 'Answers the applicant gave on our application form before paying.');
  const answers = declarations(evidence);
  if (answers.length > 0) keyValues(doc, answers, 240);
  else paragraph(doc, 'No questionnaire answers were recorded with this order.');

  title(doc, '3. Order timeline', 'Each step of the order, with every email sent and the provider that delivered it.');
  table(
    doc,
    [
      { header: 'Time (UTC)', weight: 1.5 },
      { header: 'Event', weight: 2.3 },
      { header: 'Detail', weight: 2.4 },
    ],
    timelineRows(timeline(evidence, trimmed)),
  );

  title(doc, '4. Download log', LOG_NOTE);
  const rows = downloadRows(evidence);
  if (rows.length === 0) paragraph(doc, 'No download of the approved eTA has been recorded yet.');
  else if (!trimmed || rows.length <= TRIMMED_DOWNLOAD_ROWS) table(doc, DOWNLOAD_COLUMNS, rows);
  else {
    table(doc, DOWNLOAD_COLUMNS, rows.slice(0, TRIMMED_DOWNLOAD_ROWS));
    furtherDownloads(doc, evidence, TRIMMED_DOWNLOAD_ROWS);
  }

  title(doc, '5. The approval email as sent', 'The text version of the email, exactly as it was sent to the customer.');
  const mail = evidence.approvalMail;
  if (!mail) {
    paragraph(doc, 'No approval email has been sent for this order.');
    return;
  }
  keyValues(doc, [
    ['To', mail.to_address],
    ['Subject', mail.subject],
    ['Sent', mail.sent_at ? stampUtc(mail.sent_at) : `not sent yet (${mail.status})`],
    ['Provider', providerLabel(mail.provider)],
  ]);
  quoted(doc, mail.text);
}

/**
 * Type 1, section 6: the passport image the applicant uploaded, on a page of its own; `image` is
 * the image made ready (pages.ts), or why it could not be. True when the image is on the page, so
 * Activity and the access log say what the bytes hold (DESIGN §22).
 */
export function passportSection(doc: Doc, image: PdfImage | string): boolean {
  doc.addPage();
  title(doc, "6. The applicant's passport image", 'As uploaded by the applicant with the application.');
  if (typeof image === 'string') {
    paragraph(doc, image);
    return false;
  }
  if (image.reencoded) note(doc, REENCODED_NOTE);
  try {
    // a small image is enlarged at most twice, so it is not blown up into a blur
    placeImage(doc, image, 2);
    return true;
  } catch (error) {
    paragraph(doc, unreadable(error));
    return false;
  }
}

/** Type 2: one evidence page with the order facts, the delivery and as much of the download log as fits. */
export function compactEvidence(doc: Doc, evidence: Evidence): void {
  doc.addPage();
  title(doc, 'Evidence summary', `Taken from our order system on ${stampUtc(evidence.generatedAt)}.`);
  // Type 1 states it in its purchase section; the one-page pack has only these facts (DESIGN §15).
  const fromPurchaseIp = purchaseIpDownloads(evidence);
  const facts = orderFacts(evidence, true);
  if (fromPurchaseIp) facts.push(['Downloads from the purchase IP', fromPurchaseIp]);
  keyValues(doc, facts, 140);
  heading(doc, 'Download log');
  note(doc, LOG_NOTE);
  if (evidence.downloads.length === 0) {
    paragraph(doc, 'No download of the approved eTA has been recorded yet.');
    return;
  }
  const rows = downloadRows(evidence);
  const stopAt = bottomLimit(doc) - 36;
  const drawn = table(doc, DOWNLOAD_COLUMNS, rows, { size: 8, stopAt });
  if (drawn < rows.length) furtherDownloads(doc, evidence, drawn, ' The full log is in Defence Pack 1.');
}

/** "12 further downloads, from a, b and others." under a log cut short. */
function furtherDownloads(doc: Doc, evidence: Evidence, drawn: number, after = ''): void {
  const rest = [...new Set(evidence.downloads.slice(drawn).map((d) => d.ip))];
  const shown = rest.slice(0, 12).join(', ');
  note(
    doc,
    `${evidence.downloads.length - drawn} further downloads, from ${shown}${rest.length > 12 ? ' and others' : ''}.${after}`,
  );
}
