import { DEFENCE_STATUSES, MAIL_PROVIDER_LABEL, type MailKind, type MailProvider, statusLabel } from '@eta/shared';

/**
 * Texts of the order detail that SPEC leaves open. SPEC's own literals (section names, button labels,
 * messages) come from @eta/shared or are written where SPEC states them.
 */
export const ORDER_TEXT = {
  notFoundTitle: 'Order not found',
  /** beside the hold's warning when the member may still leave a note (DESIGN §23) */
  noteStillOpen: 'You can still leave a remark; mention someone with @ and their name to tell them.',
  notFoundBody: 'The link does not name an order. It may have been mistyped or cut short.',
  backToOrders: 'Back to New Orders',
  refresh: 'Refresh',
  addComment: 'Add comment',
  moveOrder: 'Move Order',
  noMoves: 'No moves are available for this order.',
  /** says what the move does, not the button's name again ("Move this order: Move to …?") */
  confirmMove: (orderId: string, from: string, to: string) => `Move order ${orderId} from ${from} to ${to}?`,
  confirmRefund: 'Mark this order as refunded? The applicant will get a refund mail.',
  uploadHint: 'PDF, JPEG, PNG or WebP, at most 10 MB.',
  providerLegend: 'Mail provider',
  providerDefault: '(default)',
  resendNeedsDocument: 'Upload a document first: there is nothing to resend yet.',
  /**
   * SPEC §2 names the button "Reject Applicant"; what it does is said beside it (its title and the
   * confirm), since it reads like the Rejected move (issue 21, docs/decisions/0182-reject-applicant-keeps-its-name.md)
   */
  rejectApplicantHint:
    'Marks the uploaded eTA as rejected and emails the applicant that it was not approved. The order stays where it is.',
  resendRejected: 'The latest document was rejected: upload a new one to send it again.',
  sendAgain: 'Send again',
  sendMailLegend: 'Send the download mail again',
  download: 'Download',
  rejected: 'Rejected',
  system: 'System',
  defenceHint: `Available when the order is ${DEFENCE_STATUSES.map(statusLabel).join(', ')}.`,
  viewFullSize: 'View full size',
  noImage: 'No image',
  /** DESIGN §22: images are fetched on request, each view an access-log row */
  showPassport: 'Show passport',
  showSelfie: 'Show selfie',
  imageNotAllowed: 'Your role may not view images.',
  imageFailed: 'Could not load the image.',
  previewTab: 'Preview',
  textTab: 'Plain text',
  subject: 'Subject',
  emailContentTitle: 'Email Content',
  close: 'Close',
} as const;

/** The two providers, named the same everywhere on the screen (SPEC §4: one email cloud, one delivery). */
export const providerLabel = (provider: MailProvider | string): string =>
  MAIL_PROVIDER_LABEL[provider as MailProvider] ?? provider;

export const MAIL_KIND_LABEL: Readonly<Record<MailKind, string>> = {
  approval: 'Approval',
  resend: 'Approval (resent)',
  rejection: 'Rejection',
  refund: 'Refund',
  invoice: 'Invoice',
  customer: 'Customer mail',
  password_reset: 'Password reset',
};

export const mailKindLabel = (kind: string): string => MAIL_KIND_LABEL[kind as MailKind] ?? kind;
