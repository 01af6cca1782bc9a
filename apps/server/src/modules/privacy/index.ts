/** What other features and app.ts may use of privacy (DESIGN §13: everything else is its own). */
export { recordPersonalDataReads } from './access-recording.ts';
export { type AuditEntry, changesOf, recordAudit } from './audit.ts';
export { privacyRoutes } from './privacy.routes.ts';
