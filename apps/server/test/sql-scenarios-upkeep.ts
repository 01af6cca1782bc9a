import { FOLDERS, type FolderDef } from '@eta/shared';
import type { Kysely } from 'kysely';
import type { DialectName } from '../src/db/dialect.ts';
import type { Database } from '../src/db/schema.ts';
import { postgresOneInboundReader, sqliteOneInboundReader } from '../src/modules/inbox/index.ts';
import { postgresOutboxClaim, sqliteOutboxClaim } from '../src/modules/mail/index.ts';
import { postgresSearchEngine, sqliteSearchEngine } from '../src/modules/orders/index.ts';
import type { ListWindow } from '../src/modules/orders/list.repository.ts';
import {
  postgresGiveSpaceBack,
  postgresOneRetentionPass,
  sqliteGiveSpaceBack,
  sqliteOneRetentionPass,
} from '../src/modules/privacy/index.ts';
import { postgresOneOrphanSweep, sqliteOneOrphanSweep } from '../src/modules/storage/index.ts';
import type { Script } from './sql-capture.ts';

/*
 * The other strategies of the Strategies table (docs/architecture/strategies.md), beside the writes of
 * sql-scenarios.ts: the queue search engines (FTS5 / pg_trgm), the outbox claim (one writer / SKIP
 * LOCKED), the upkeep jobs (one pass at a time, space given back) and the inbound reader (one at a time). Their SQL is kept in
 * test/sql/<dialect>/<name>.sql by the same test (sql-snapshots.test.ts), so a change to either
 * dialect's statement shows in review as a diff of SQL, not of TypeScript.
 */

const AT = '2026-03-02T10:00:00.000Z';
const LEASE_UNTIL = '2026-03-02T10:05:00.000Z';
const VIEWER = { id: 7, now: AT };

function folder(name: string): FolderDef {
  const found = FOLDERS.find((f) => f.name === name);
  if (!found) throw new Error(`no folder ${name}`);
  return found;
}

/** a rare search (a surname), as list.service.ts hands it to the engine with its chosen trigrams */
const RARE: ListWindow = {
  sort: 'created_at',
  order: 'desc',
  offset: 0,
  limit: 10,
  search: 'hartington',
  grams: ['rti', 'ngt'],
};
/** a common text: PostgreSQL reads the folder by date and tests each text (ListWindow.walk) */
const COMMON: ListWindow = { ...RARE, search: 'smith', grams: ['smi'], walk: true };

function strategies(dialect: DialectName) {
  const pg = dialect === 'postgres';
  return {
    searchEngine: pg ? postgresSearchEngine : sqliteSearchEngine,
    outboxClaim: pg ? postgresOutboxClaim : sqliteOutboxClaim,
    giveSpaceBack: pg ? postgresGiveSpaceBack : sqliteGiveSpaceBack,
    oneRetentionPassAtATime: pg ? postgresOneRetentionPass : sqliteOneRetentionPass,
    oneOrphanSweepAtATime: pg ? postgresOneOrphanSweep : sqliteOneOrphanSweep,
    oneInboundReaderAtATime: pg ? postgresOneInboundReader : sqliteOneInboundReader,
  };
}
type UpkeepStrategies = ReturnType<typeof strategies>;

export interface UpkeepScenario {
  name: string;
  what: string;
  /** the rows each statement is answered with (most reads need none to show their SQL) */
  script?: Partial<Record<DialectName, Script>>;
  run(s: UpkeepStrategies, db: Kysely<Database>): Promise<unknown>;
}

const nothing = async () => undefined;

export const UPKEEP_SCENARIOS: readonly UpkeepScenario[] = [
  {
    name: 'search-page',
    what: 'a rare search of New Orders, one page (SearchEngine.page)',
    run: (s, db) => s.searchEngine.page(db, folder('newOrder'), VIEWER, RARE),
  },
  {
    name: 'search-page-with-total',
    what: 'a rare search of Order History: the page and the number of all matches in one pass (SearchEngine.pageWithTotal)',
    run: (s, db) => s.searchEngine.pageWithTotal(db, folder('allorder'), VIEWER, RARE),
  },
  {
    name: 'search-walk',
    what: 'a common text in My Orders, read by date where the engine walks (SearchEngine.page, walk)',
    run: (s, db) => s.searchEngine.page(db, folder('myOrder'), VIEWER, COMMON),
  },
  {
    name: 'search-count',
    what: 'the number of matches of a common search in Completed Orders (SearchEngine.count)',
    script: { postgres: [[{ n: 0 }]], sqlite: [[{ n: 0 }]] },
    run: (s, db) => s.searchEngine.count(db, folder('completedorder'), VIEWER, COMMON.search, COMMON.grams),
  },
  {
    name: 'outbox-claim',
    what: 'a mail worker takes up to 10 due rows under its token (OutboxClaim.claimDue)',
    run: (s, db) => s.outboxClaim.claimDue(db, 'worker-token', AT, LEASE_UNTIL, 10),
  },
  {
    name: 'retention-pass-alone',
    what: 'a retention pass run by one instance at a time (oneRetentionPassAtATime), its work empty here',
    script: { postgres: [[{ locked: true }]] },
    run: (s, db) => s.oneRetentionPassAtATime(db, nothing),
  },
  {
    name: 'orphan-sweep-alone',
    what: 'an orphan file sweep run by one instance at a time (oneOrphanSweepAtATime), its work empty here',
    script: { postgres: [[{ locked: true }]] },
    run: (s, db) => s.oneOrphanSweepAtATime(db, nothing),
  },
  {
    name: 'inbound-reader-alone',
    what: 'a read of the mailbox by one instance at a time (oneInboundReaderAtATime), its work empty here',
    script: { postgres: [[{ locked: true }]] },
    run: (s, db) => s.oneInboundReaderAtATime(db, nothing),
  },
  {
    name: 'give-space-back',
    what: 'after a retention pass, freed pages handed back to the file system (giveSpaceBack)',
    run: (s, db) => s.giveSpaceBack(db),
  },
];

export { strategies as upkeepStrategies };
