/** What other features and app.ts may use of claims (DESIGN §13: everything else is its own). */
export { claimRoutes } from './claims.routes.ts';
export { releaseIdleClaims } from './lease.ts';
export { type ClaimLeaseJobOptions, registerClaimLeaseJob } from './lease-job.ts';
export { postgresClaimWrites } from './next-order.pg.ts';
export { sqliteClaimWrites } from './next-order.sqlite.ts';
