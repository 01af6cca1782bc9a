/** Mail of DESIGN §9: providers, kinds, outbox states and the approval mail's figures (SPEC §9). */

/** SPEC §4: two providers, the first is the default; the literal values of `mailServiceProvider`. */
export const MAIL_PROVIDER = { cloud: 'cloud', delivery: 'delivery' } as const;
export type MailProvider = (typeof MAIL_PROVIDER)[keyof typeof MAIL_PROVIDER];
export const MAIL_PROVIDERS: readonly MailProvider[] = [MAIL_PROVIDER.cloud, MAIL_PROVIDER.delivery];
export const DEFAULT_MAIL_PROVIDER: MailProvider = MAIL_PROVIDER.cloud;

/** Names the order detail's named provider buttons show (SPEC §4 "the named buttons set it"). */
export const MAIL_PROVIDER_LABEL: Readonly<Record<MailProvider, string>> = {
  cloud: 'Email Cloud',
  delivery: 'Email Delivery',
};

export const MAIL_KIND = {
  approval: 'approval',
  /** the approval mail sent again (remainder_mail 1) */
  resend: 'resend',
  rejection: 'rejection',
  refund: 'refund',
  invoice: 'invoice',
  /** written by a member to the customer, from a template or typed (DESIGN §25) */
  customer: 'customer',
  /** to a staff member, not about an order: the link of "Forgot password?" (DESIGN §17) */
  passwordReset: 'password_reset',
} as const;
export type MailKind = (typeof MAIL_KIND)[keyof typeof MAIL_KIND];
/** The kinds sent about an order (every kind but the staff member's password reset). */
export type OrderMailKind = Exclude<MailKind, typeof MAIL_KIND.passwordReset>;

/** An outbox row's state; `sending` is shown as `queued` on the order (a worker holds it for a moment). */
export const MAIL_STATUS = { queued: 'queued', sending: 'sending', sent: 'sent', failed: 'failed' } as const;
export type MailStatus = (typeof MAIL_STATUS)[keyof typeof MAIL_STATUS];
export type ShownMailStatus = Exclude<MailStatus, 'sending'>;

/** SPEC §9 "Approval email text": the figures of the important-notice list. */
export const ETA_FACTS = {
  validityYears: 2,
  decisionWorkingDays: 3,
  maxStayMonths: 6,
  transitMonths: 3,
} as const;

/** The customer service number in mails when MAIL_SUPPORT_PHONE is unset (a number reserved for examples). */
export const DEFAULT_SUPPORT_PHONE = '+44 20 7946 0000';

/** Uploaded eTA documents (DESIGN §10): at most 10 MB, PDF, JPEG, PNG or WebP by their bytes. */
export const DOCUMENT_MAX_BYTES = 10 * 1024 * 1024;
/** The upload file picker's `accept` (SPEC §5: PDF and image files). */
export const DOCUMENT_ACCEPT = 'application/pdf,image/jpeg,image/png,image/webp';
