/** What other features and app.ts may use of privacy (DESIGN §13: everything else is its own). */
export { recordPersonalDataReads } from './access-recording.ts';
export { type AuditEntry, changesOf, recordAudit } from './audit.ts';
export { privacyRoutes } from './privacy.routes.ts';
export {
  postgresGiveSpaceBack,
  RETENTION_KINDS,
  type RetentionCounts,
  runRetentionPass,
  sqliteGiveSpaceBack,
} from './retention.ts';
export { postgresOneRetentionPass, registerRetentionJob, sqliteOneRetentionPass } from './retention-job.ts';
