-- inbound-reader-alone (sqlite): a read of the mailbox by one instance at a time (oneInboundReaderAtATime), its work empty here
-- written by UPDATE_SQL_SNAPSHOTS=1 npx vitest run apps/server/test/sql-snapshots.test.ts


