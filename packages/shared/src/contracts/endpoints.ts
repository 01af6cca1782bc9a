import { PUBLIC_API } from '../public.ts';

/**
 * Method and path of every endpoint under /api, Fastify style (`:name` for a path parameter). Free of
 * zod on purpose: the public pages' bundle takes these without the schemas (DESIGN §11 budgets).
 * Each contract (contracts/<feature>.ts) spreads its entry, so a path is written here only.
 */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface Endpoint {
  method: HttpMethod;
  path: string;
}

const at = <const M extends HttpMethod, const P extends string>(method: M, path: P) => ({ method, path });

export const AUTH_API = {
  login: at('POST', '/admin/admin-login'),
  userInfo: at('GET', '/user_info'),
  changePassword: at('POST', '/admin/change-password'),
};

/** What this installation has set up (DESIGN §25 mailbox, §26 Stripe): screens that need a part left off are hidden. */
export const FEATURES_API = {
  features: at('GET', '/admin/features'),
};

/** Staff accounts (DESIGN §17): sessions, two-factor sign-in, password reset. */
export const ACCOUNT_API = {
  verifyLogin: at('POST', '/admin/admin-login/verify'),
  logout: at('POST', '/admin/logout'),
  account: at('GET', '/admin/account'),
  sessions: at('GET', '/admin/sessions'),
  revokeSession: at('DELETE', '/admin/sessions/:id'),
  memberSessions: at('GET', '/admin/team-member-sessions/:teamMemberId'),
  setupTwoFactor: at('POST', '/admin/2fa/setup'),
  enableTwoFactor: at('POST', '/admin/2fa/enable'),
  disableTwoFactor: at('POST', '/admin/2fa/disable'),
  recoveryCodes: at('POST', '/admin/2fa/recovery-codes'),
  reauth: at('POST', '/admin/reauth'),
  resetMemberTwoFactor: at('POST', '/admin/team-member-2fa-reset'),
  forgotPassword: at('POST', '/admin/forgot-password'),
  resetPassword: at('POST', '/admin/reset-password'),
};

/** Personal data under UK GDPR (DESIGN §16): the logs, erasure and subject access. */
export const PRIVACY_API = {
  accessLog: at('GET', '/admin/access-log'),
  accessLogCsv: at('GET', '/admin/access-log/csv'),
  auditLog: at('GET', '/admin/audit-log'),
  auditLogCsv: at('GET', '/admin/audit-log/csv'),
  erase: at('POST', '/admin/orders/:orderId/erase'),
  subjectExport: at('POST', '/admin/subject-export'),
};

export const TEAM_API = {
  list: at('GET', '/admin/get-team-member-list'),
  info: at('GET', '/admin/team-member-info/:id'),
  types: at('GET', '/admin/get-team-member-type'),
  add: at('POST', '/admin/add-team-member'),
  update: at('POST', '/admin/update-team-member'),
  remove: at('PUT', '/admin/delete-team-member'),
};

export const GATEWAY_API = {
  list: at('GET', '/admin/payment-gateways'),
  activate: at('POST', '/admin/payment-gateway-setting'),
};

export const ORDERS_API = {
  folderCounts: at('GET', '/admin/get-folder-count'),
  list: at('GET', '/admin/get-orders-list/:orderName'),
  search: at('POST', '/admin/search-order'),
  assign: at('PUT', '/admin/assign-order-status'),
  unassign: at('PUT', '/admin/unassign-order'),
  remove: at('PUT', '/admin/change-order-status'),
  refund: at('PUT', '/admin/move-to-complete-refund'),
  move: at('PUT', '/admin/move-order-status'),
  /** DESIGN §23: a Deleted order back to the status it had before */
  restore: at('POST', '/admin/restore-order'),
};

/** Find anything (DESIGN §23): every order the member may open, from the top bar. */
export const FIND_API = {
  find: at('GET', '/admin/find'),
};

/** Saved views of a queue (DESIGN §23). */
export const VIEWS_API = {
  list: at('GET', '/admin/views'),
  create: at('POST', '/admin/views'),
  update: at('PUT', '/admin/views/:id'),
  remove: at('DELETE', '/admin/views/:id'),
};

/** Working live (DESIGN §18): claiming the next order and releasing claims. */
export const CLAIMS_API = {
  nextOrder: at('POST', '/admin/next-order'),
  releaseClaims: at('POST', '/admin/release-claims'),
};

/** Follow-up dates on Awaiting Customer and Awaiting Govt (DESIGN §18). */
export const FOLLOW_UP_API = {
  followUp: at('PUT', '/admin/follow-up'),
};

export const DETAIL_API = {
  detail: at('GET', '/admin/get-orders-details/:orderId'),
  image: at('GET', '/admin/order-image/:orderId/:kind'),
  document: at('GET', '/admin/order-document/:orderId/:documentId'),
  addRemark: at('POST', '/admin/add-new-remark'),
  emailContent: at('GET', '/admin/email-content/:orderId'),
  retryMail: at('POST', '/admin/retry-mail'),
  upload: at('POST', '/admin/upload-visa-document'),
  resendMail: at('POST', '/admin/resend-mail'),
  rejectionMail: at('POST', '/admin/send-rejection-mail'),
};

/** The conversation with the customer (DESIGN §25): templates, customer mail, the mailbox read back. */
export const INBOX_API = {
  templates: at('GET', '/admin/mail-templates'),
  createTemplate: at('POST', '/admin/mail-templates'),
  updateTemplate: at('PUT', '/admin/mail-templates/:id'),
  deleteTemplate: at('DELETE', '/admin/mail-templates/:id'),
  sendCustomerMail: at('POST', '/admin/send-customer-mail'),
  inbound: at('GET', '/admin/inbound-mail'),
  linkInbound: at('PUT', '/admin/inbound-mail/:id'),
  attachment: at('GET', '/admin/inbound-attachments/:id'),
};

export const REPORTS_API = {
  countryOrders: at('POST', '/admin/get-country-order-count'),
  processedBy: at('POST', '/admin/get-processed-by-count'),
  orderTrend: at('POST', '/admin/get-order-trend'),
};

export const DEFENCE_API = {
  transactionDetails: at('POST', '/admin/defence-pack-details'),
  letter: at('GET', '/admin/defence-letter/:orderId'),
  pack: at('POST', '/admin/get-defence-pack-pdf'),
  sendInvoice: at('POST', '/admin/send-invoice'),
};

/** Working live (DESIGN §18): the stream of changes and who has an order open. */
export const LIVE_API = {
  stream: at('GET', '/admin/live'),
  presence: at('POST', '/admin/orders/:orderId/presence'),
};

/** Mentions and notifications (DESIGN §23): the bell's list and who a remark may name. */
export const NOTIFICATIONS_API = {
  list: at('GET', '/admin/notifications'),
  read: at('POST', '/admin/notifications/read'),
  mentionable: at('GET', '/admin/mentionable-members'),
};

export const INGEST_API = {
  orders: at('POST', '/integrations/orders'),
};

export const DISPUTES_API = {
  open: at('POST', '/admin/disputes'),
  list: at('GET', '/admin/disputes'),
  one: at('GET', '/admin/disputes/:id'),
  update: at('PUT', '/admin/disputes/:id'),
  candidates: at('GET', '/admin/disputes/:id/candidates'),
  report: at('POST', '/admin/get-dispute-report'),
};

/** Money through the processor (DESIGN §26): refunds, dispute evidence sent, early fraud warnings. */
export const PROCESSOR_API = {
  orderRefunds: at('GET', '/admin/orders/:orderId/refunds'),
  createRefund: at('POST', '/admin/orders/:orderId/refunds'),
  refunds: at('GET', '/admin/refunds'),
  retryRefund: at('POST', '/admin/refunds/:id/retry'),
  summary: at('GET', '/admin/processor-summary'),
  evidence: at('POST', '/admin/disputes/:id/evidence'),
  accept: at('POST', '/admin/disputes/:id/accept'),
  fraudWarnings: at('GET', '/admin/fraud-warnings'),
  refundWarning: at('POST', '/admin/fraud-warnings/:id/refund'),
  keepWarning: at('POST', '/admin/fraud-warnings/:id/keep'),
};

/** Processors post here with no staff token; the raw body's signature is the proof (DESIGN §14). */
export const DISPUTE_INTAKE_API = {
  stripe: at('POST', '/integrations/disputes/stripe'),
  relay: at('POST', '/integrations/disputes'),
};

/** The customers' calls (SPEC §7 public calls, DESIGN §8); PUBLIC_API keeps the bare paths. */
export const FRONT_API = {
  trackOrder: at('POST', PUBLIC_API.trackOrder),
  downloadHistory: at('POST', PUBLIC_API.downloadHistory),
  download: at('POST', PUBLIC_API.download),
  downloadFile: at('GET', `${PUBLIC_API.downloadFile}/:token`),
  branding: at('GET', PUBLIC_API.branding),
};
