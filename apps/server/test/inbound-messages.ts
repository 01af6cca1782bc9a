import { randomBytes } from 'node:crypto';
import { createTransport } from 'nodemailer';

/** Real RFC 5322 messages for the inbound tests, built by nodemailer's composer (never by hand). */
export interface ReplyParts {
  from?: string;
  to: string;
  subject: string;
  text: string;
  html?: string;
  inReplyTo?: string;
  references?: string;
  messageId?: string;
  attachments?: { filename: string; content: Buffer; contentType: string }[];
}

const composer = createTransport({ streamTransport: true, buffer: true, newline: 'windows' });

export async function customerReply(parts: ReplyParts): Promise<Buffer> {
  const info = await composer.sendMail({
    from: parts.from ?? 'Jane Doe <jane@example.test>',
    to: parts.to,
    subject: parts.subject,
    text: parts.text,
    html: parts.html,
    inReplyTo: parts.inReplyTo,
    references: parts.references,
    messageId: parts.messageId ?? `<${randomBytes(8).toString('hex')}@example.test>`,
    date: new Date('2026-11-28T06:00:00Z'),
    attachments: parts.attachments,
  });
  return info.message as Buffer;
}

/**
 * A bounce as Postfix's bounce daemon writes it (RFC 3464): to the envelope sender (our VERP
 * address), multipart/report with the notice, the delivery-status fields and the returned message.
 */
export function postfixBounce(o: { verp: string; recipient: string; messageId: string; action?: string }): string {
  const boundary = `${randomBytes(4).toString('hex').toUpperCase()}.1764309600/mx.inbox.test`;
  return [
    'Return-Path: <>',
    `Delivered-To: ${o.verp}`,
    'Date: Sat, 28 Nov 2026 06:00:00 +0000 (UTC)',
    'From: MAILER-DAEMON@mx.inbox.test (Mail Delivery System)',
    'Subject: Undelivered Mail Returned to Sender',
    `To: ${o.verp}`,
    'Auto-Submitted: auto-replied',
    'MIME-Version: 1.0',
    `Content-Type: multipart/report; report-type=delivery-status;\r\n\tboundary="${boundary}"`,
    'Content-Transfer-Encoding: 8bit',
    `Message-Id: <20261128060000.${randomBytes(4).toString('hex')}@mx.inbox.test>`,
    '',
    'This is a MIME-encapsulated message.',
    '',
    `--${boundary}`,
    'Content-Description: Notification',
    'Content-Type: text/plain; charset=us-ascii',
    '',
    'This is the mail system at host mx.inbox.test.',
    '',
    "I'm sorry to have to inform you that your message could not",
    "be delivered to one or more recipients. It's attached below.",
    '',
    `<${o.recipient}>: host mx.example.test[192.0.2.25] said: 550 5.1.1`,
    `    <${o.recipient}>: Recipient address rejected: User unknown (in reply to RCPT TO command)`,
    '',
    `--${boundary}`,
    'Content-Description: Delivery report',
    'Content-Type: message/delivery-status',
    '',
    'Reporting-MTA: dns; mx.inbox.test',
    'X-Postfix-Queue-ID: 4dN8Q51Zz1z9vJ',
    `X-Postfix-Sender: rfc822; ${o.verp}`,
    'Arrival-Date: Sat, 28 Nov 2026 05:59:58 +0000 (UTC)',
    '',
    `Final-Recipient: rfc822; ${o.recipient}`,
    `Original-Recipient: rfc822;${o.recipient}`,
    `Action: ${o.action ?? 'failed'}`,
    `Status: ${o.action === 'delayed' ? '4.4.1' : '5.1.1'}`,
    'Remote-MTA: dns; mx.example.test',
    `Diagnostic-Code: smtp; 550 5.1.1 <${o.recipient}>: Recipient address rejected:`,
    '    User unknown',
    '',
    `--${boundary}`,
    'Content-Description: Undelivered Message Headers',
    'Content-Type: text/rfc822-headers',
    '',
    `Return-Path: <${o.verp}>`,
    `Message-ID: ${o.messageId}`,
    'From: "UK ETA Apply" <desk@mail.test>',
    `To: ${o.recipient}`,
    'Subject: Your UK eTA has been approved',
    '',
    `--${boundary}--`,
    '',
  ].join('\r\n');
}

/** A complaint in the Abuse Reporting Format (RFC 5965), the original message attached whole. */
export function arfComplaint(o: { verp: string; recipient: string; messageId: string }): string {
  const boundary = `arf_${randomBytes(6).toString('hex')}`;
  return [
    'From: feedback@fbl.example.test',
    'To: abuse-desk@inbox.test',
    'Subject: FW: Your UK eTA has been approved',
    'Date: Sat, 28 Nov 2026 06:05:00 +0000',
    `Message-ID: <${randomBytes(6).toString('hex')}@fbl.example.test>`,
    'MIME-Version: 1.0',
    `Content-Type: multipart/report; report-type=feedback-report; boundary="${boundary}"`,
    '',
    `--${boundary}`,
    'Content-Type: text/plain; charset="US-ASCII"',
    '',
    'This is an email abuse report for an email message received from IP 192.0.2.10.',
    '',
    `--${boundary}`,
    'Content-Type: message/feedback-report',
    '',
    'Feedback-Type: abuse',
    'User-Agent: ExampleFBL/1.0',
    'Version: 1',
    `Original-Mail-From: <${o.verp}>`,
    `Original-Rcpt-To: <${o.recipient}>`,
    'Arrival-Date: Sat, 28 Nov 2026 06:00:00 +0000',
    'Source-IP: 192.0.2.10',
    '',
    `--${boundary}`,
    'Content-Type: message/rfc822',
    'Content-Disposition: inline',
    '',
    `Return-Path: <${o.verp}>`,
    `Message-ID: ${o.messageId}`,
    'From: "UK ETA Apply" <desk@mail.test>',
    `To: ${o.recipient}`,
    'Subject: Your UK eTA has been approved',
    'Date: Sat, 28 Nov 2026 06:00:00 +0000',
    '',
    'Your UK eTA has been approved.',
    '',
    `--${boundary}--`,
    '',
  ].join('\r\n');
}
