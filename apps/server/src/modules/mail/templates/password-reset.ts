import { type EmailContent, PASSWORD_RESET_MINUTES } from '@eta/shared';
import { esc, link } from './layout.ts';

/**
 * "Forgot password?" (DESIGN §17): to a staff member, so none of a landing site's footer. Says what
 * to do if they did not ask, since a reset mail nobody asked for is how a member learns someone tried.
 */
export function passwordResetMail(name: string, resetUrl: string): EmailContent {
  const subject = 'Reset your eTA Desk password';
  const lines = [
    `Dear ${name},`,
    'Someone asked to reset the password of your eTA Desk account. To choose a new password, open this link:',
    resetUrl,
    `The link works once, within ${PASSWORD_RESET_MINUTES} minutes. Setting a new password signs you out everywhere.`,
    'If you did not ask for this, you can ignore this mail: your password stays as it is. Tell your manager if it happens again.',
  ];
  const html = [
    '<!DOCTYPE html>',
    '<html lang="en"><head><meta charset="utf-8">',
    `<title>${esc(subject)}</title></head>`,
    '<body style="font-family:Arial,Helvetica,sans-serif;font-size:14px;line-height:1.5;color:#222">',
    `<p>${esc(lines[0] as string)}</p>`,
    `<p>${esc(lines[1] as string)}</p>`,
    `<p>${link(resetUrl, 'Choose a new password')}</p>`,
    `<p>${esc(lines[3] as string)}</p>`,
    `<p style="color:#666">${esc(lines[4] as string)}</p>`,
    '</body></html>',
  ].join('\n');
  return { subject, html, text: lines.join('\n\n') };
}
