-- retention-pass-alone (sqlite): a retention pass run by one instance at a time (oneRetentionPassAtATime), its work empty here
-- written by UPDATE_SQL_SNAPSHOTS=1 npx vitest run apps/server/test/sql-snapshots.test.ts


