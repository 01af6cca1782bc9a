-- retention-pass-alone (postgres): a retention pass run by one instance at a time (oneRetentionPassAtATime), its work empty here
-- written by UPDATE_SQL_SNAPSHOTS=1 npx vitest run apps/server/test/sql-snapshots.test.ts

select pg_try_advisory_lock($1) as locked;
-- parameters: [190016]

select pg_advisory_unlock($1);
-- parameters: [190016]
