/** What other features and app.ts may use of mail (DESIGN §13: everything else is its own). */
export { type OutboxBacklog, outboxBacklog } from './backlog.ts';
export { mailRoutes } from './mail.routes.ts';
export { registerMailWorker } from './mail.service.ts';
export { DOCUMENT_BOUND_KINDS } from './mail-kinds.ts';
export { assertMailable } from './mailable.ts';
export { queueOrderMail } from './order-mails.ts';
export { postgresOutboxClaim, sqliteOutboxClaim } from './outbox-claim.ts';
export { queuePasswordResetMail } from './staff-mails.ts';
export { emlFileName, providersWithoutSmtp } from './transports.ts';
export type { MailWorkerOptions } from './worker.ts';
