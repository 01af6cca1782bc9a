/** What other features and app.ts may use of storage upkeep (DESIGN §13: everything else is its own). */
export { postgresOneOrphanSweep, registerOrphanSweepJob, sqliteOneOrphanSweep } from './orphan-job.ts';
export { ORPHAN_GRACE_MS, type OrphanSweepCounts, sweepOrphans } from './orphans.ts';
