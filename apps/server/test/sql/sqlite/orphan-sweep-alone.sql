-- orphan-sweep-alone (sqlite): an orphan file sweep run by one instance at a time (oneOrphanSweepAtATime), its work empty here
-- written by UPDATE_SQL_SNAPSHOTS=1 npx vitest run apps/server/test/sql-snapshots.test.ts


