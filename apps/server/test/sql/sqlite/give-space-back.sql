-- give-space-back (sqlite): after a retention pass, freed pages handed back to the file system (giveSpaceBack)
-- written by UPDATE_SQL_SNAPSHOTS=1 npx vitest run apps/server/test/sql-snapshots.test.ts

PRAGMA incremental_vacuum;
