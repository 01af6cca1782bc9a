-- inbound-reader-alone (postgres): a read of the mailbox by one instance at a time (oneInboundReaderAtATime), its work empty here
-- written by UPDATE_SQL_SNAPSHOTS=1 npx vitest run apps/server/test/sql-snapshots.test.ts

select pg_try_advisory_lock($1) as locked;
-- parameters: [250025]

select pg_advisory_unlock($1);
-- parameters: [250025]
