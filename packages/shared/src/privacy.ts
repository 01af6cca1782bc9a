/**
 * Personal data under UK GDPR (DESIGN §16): what the access and audit logs record, their labels,
 * the retention periods' defaults and the texts server and web share, written once.
 */

/** A staff read of an order's personal data, recorded before the bytes leave. */
export const ACCESS_ACTION = {
  detail: 'detail',
  image: 'image',
  document: 'document',
  pack: 'pack',
  letter: 'letter',
  export: 'export',
  /** an attachment of a customer's mail (DESIGN §25) */
  attachment: 'attachment',
} as const;
export type AccessAction = (typeof ACCESS_ACTION)[keyof typeof ACCESS_ACTION];
export const ACCESS_ACTIONS = Object.values(ACCESS_ACTION) as [AccessAction, ...AccessAction[]];

export const ACCESS_ACTION_LABEL: Readonly<Record<AccessAction, string>> = {
  detail: 'Viewed the order',
  image: 'Opened an image',
  document: 'Opened a document',
  pack: 'Built a defence pack',
  letter: 'Opened the defence letter',
  export: 'Subject access export',
  attachment: 'Opened a mail attachment',
};

/** What the audit log records: who did what to accounts, the team, gateways and personal data. */
export const AUDIT_ACTION = {
  signIn: 'sign_in',
  signInFailed: 'sign_in_failed',
  logout: 'logout',
  passwordChanged: 'password_changed',
  passwordResetRequested: 'password_reset_requested',
  passwordReset: 'password_reset',
  twoFactorEnabled: 'two_factor_enabled',
  twoFactorDisabled: 'two_factor_disabled',
  twoFactorReset: 'two_factor_reset',
  recoveryCodesRenewed: 'recovery_codes_renewed',
  sessionRevoked: 'session_revoked',
  memberCreated: 'member_created',
  memberUpdated: 'member_updated',
  memberDeleted: 'member_deleted',
  gatewayChanged: 'gateway_changed',
  orderErased: 'order_erased',
  subjectExport: 'subject_export',
  retentionRun: 'retention_run',
} as const;
export type AuditAction = (typeof AUDIT_ACTION)[keyof typeof AUDIT_ACTION];
export const AUDIT_ACTIONS = Object.values(AUDIT_ACTION) as [AuditAction, ...AuditAction[]];

export const AUDIT_ACTION_LABEL: Readonly<Record<AuditAction, string>> = {
  sign_in: 'Signed in',
  sign_in_failed: 'Sign-in failed',
  logout: 'Logged out',
  password_changed: 'Changed password',
  password_reset_requested: 'Asked for a password reset',
  password_reset: 'Reset password by mail link',
  two_factor_enabled: 'Turned two-factor sign-in on',
  two_factor_disabled: 'Turned two-factor sign-in off',
  two_factor_reset: 'Reset a member’s two-factor sign-in',
  recovery_codes_renewed: 'Made new recovery codes',
  session_revoked: 'Ended a session',
  member_created: 'Added a team member',
  member_updated: 'Changed a team member',
  member_deleted: 'Deleted a team member',
  gateway_changed: 'Changed the payment gateway',
  order_erased: 'Erased an order’s personal data',
  subject_export: 'Exported a subject’s data',
  retention_run: 'Retention run',
};

/** Statuses an order's retention is counted in: it is finished (DESIGN §16). */
export const RETENTION_FINAL_STATUSES = ['Completed', 'Refunds', 'Rejected', 'Deleted'] as const;

/** The retention periods' defaults, in days (RETENTION_*_DAYS). */
export const RETENTION_DEFAULT_DAYS = {
  /** passport and selfie images */
  images: 30,
  /** eTA documents and made packs: the longest dispute window */
  documents: 540,
  /** personal fields anonymised: six years of business records */
  personal: 2190,
} as const;
/** nothing leaves an order until this many days after its last dispute closed (legal hold) */
export const LEGAL_HOLD_DAYS_AFTER_DISPUTE = 120;

/** Why an order's data went: a retention rule, or a person's request. */
export const REMOVAL_REASON = { retention: 'retention', request: 'request' } as const;
export type RemovalReason = (typeof REMOVAL_REASON)[keyof typeof REMOVAL_REASON];

/** The name an anonymised order carries in place of the person's. */
export const ERASED_NAME = 'Erased';

export const PRIVACY_MSG = {
  erased: 'The order’s personal data is erased.',
  alreadyErased: 'Already erased',
  legalHold:
    'This order is under legal hold (a chargeback or a dispute still open or closed less than 120 days ago). Erase it anyway only if the law requires it.',
  reasonRequired: 'Please give the reason for the erasure.',
  exportEmailRequired: 'Please enter the email address.',
  /** DESIGN §22: an erased order refuses every mail (upload, resend, rejection, invoice, retry, preview) */
  mailRefused: "This order's personal data was erased.",
  /** a subject export that finds nothing answers 404 with this, never an empty ZIP (issue 31) */
  exportNotFound: 'No orders were found for this address.',
} as const;

/**
 * A session id as the audit log shows it, on the screen and in its CSV alike: its first characters
 * tell sessions apart, the whole of it is noise (and the screen never showed more).
 */
export function maskSessionId(id: string): string {
  return id.length > 10 ? `${id.slice(0, 8)}…` : id;
}

/** An audit entry's detail with its session id masked (maskSessionId); the rest as it is. */
export function maskAuditDetail(detail: Record<string, unknown> | null): Record<string, unknown> | null {
  if (!detail || typeof detail.session !== 'string') return detail;
  return { ...detail, session: maskSessionId(detail.session) };
}

/** audit rows kept this many days by default (AUDIT_RETENTION_DAYS): two years */
export const AUDIT_RETENTION_DAYS_DEFAULT = 730;
