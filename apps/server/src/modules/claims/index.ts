/** What other features and app.ts may use of claims (DESIGN §13: everything else is its own). */

export { postgresClaimWrites } from './claim-writes.pg.ts';
export { sqliteClaimWrites } from './claim-writes.sqlite.ts';
export { claimRoutes } from './claims.routes.ts';
export { releaseIdleClaims } from './lease.ts';
export { type ClaimLeaseJobOptions, registerClaimLeaseJob } from './lease-job.ts';
