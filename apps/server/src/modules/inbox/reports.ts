import { INBOUND_KIND, type InboundKind } from '@eta/shared';
import type { ParsedMail } from 'mailparser';

/**
 * What kind of message it is (DESIGN §25): a delivery status notification (RFC 3464,
 * `multipart/report; report-type=delivery-status`, as Postfix writes them), a complaint (ARF, RFC
 * 5965, `report-type=feedback-report`), or anything else, a customer's mail.
 */
export function kindOf(mail: ParsedMail): InboundKind {
  const type = mail.headers.get('content-type') as { value?: string; params?: Record<string, string> } | undefined;
  if (type?.value?.toLowerCase() !== 'multipart/report') return INBOUND_KIND.reply;
  const report = type.params?.['report-type']?.toLowerCase();
  if (report === 'delivery-status') return INBOUND_KIND.bounce;
  if (report === 'feedback-report') return INBOUND_KIND.complaint;
  return INBOUND_KIND.reply;
}

/**
 * The fields of a report's machine-readable part. mailparser gives that part (message/delivery-status,
 * message/feedback-report) as text after the human part; its fields are RFC 822 style lines, folded
 * lines continuing with white space. The last occurrence wins (the per-recipient block follows the
 * per-message one).
 */
export function reportFields(text: string): Map<string, string> {
  const fields = new Map<string, string>();
  let last: string | null = null;
  for (const line of text.split(/\r?\n/)) {
    if (/^[ \t]+\S/.test(line) && last) {
      fields.set(last, `${fields.get(last)} ${line.trim()}`);
      continue;
    }
    const m = /^([A-Za-z][A-Za-z0-9-]*):\s*(.*)$/.exec(line);
    last = m ? (m[1] as string).toLowerCase() : null;
    if (m && last) fields.set(last, (m[2] as string).trim());
  }
  return fields;
}

/**
 * The report's machine-readable text: mailparser gives a message/delivery-status part inside the
 * text, a message/feedback-report part as an attachment; both are read.
 */
export function reportText(mail: ParsedMail): string {
  const parts = mail.attachments
    .filter((a) => a.contentType === 'message/delivery-status' || a.contentType === 'message/feedback-report')
    .map((a) => a.content.toString('utf8'));
  return [mail.text ?? '', ...parts].join('\n\n');
}

export interface Report {
  /** failed: the mail was not delivered (a `delayed` or `delivered` DSN marks nothing) */
  final: boolean;
  /** the diagnostic staff read: the remote server's words, else the status code, else the type */
  reason: string;
}

export function bounceReport(mail: ParsedMail): Report {
  const fields = reportFields(reportText(mail));
  const action = fields.get('action')?.toLowerCase() ?? 'failed';
  const diagnostic = fields.get('diagnostic-code')?.replace(/^smtp;\s*/i, '');
  const status = fields.get('status');
  return {
    final: action === 'failed',
    reason: (diagnostic || (status ? `status ${status}` : 'no diagnostic given')).slice(0, 500),
  };
}

export function complaintReport(mail: ParsedMail): Report {
  const fields = reportFields(reportText(mail));
  return { final: true, reason: `complaint: ${fields.get('feedback-type') ?? 'abuse'}`.slice(0, 500) };
}

/** Addresses a message was delivered to: where a VERP bounce address or a reply tag shows. */
export function deliveredTo(mail: ParsedMail): string[] {
  const found: string[] = [];
  for (const name of ['delivered-to', 'x-original-to', 'envelope-to', 'to', 'cc']) {
    const value = mail.headers.get(name) as { value?: { address?: string }[] } | string | undefined;
    if (typeof value === 'string') found.push(...value.split(',').map((s) => s.replace(/[<>]/g, '').trim()));
    else for (const a of value?.value ?? []) if (a.address) found.push(a.address);
  }
  return [...new Set(found.filter(Boolean))];
}
