import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { isWorker } from './cluster.ts';
import type { Config } from './config.ts';
import type { Strategies } from './context.ts';
import { type DbHandle, SQLITE_FILE } from './db/connect.ts';
import type { Transactions } from './lib/transaction.ts';
import { postgresClaimWrites, sqliteClaimWrites } from './modules/claims/index.ts';
import { postgresOneInboundReader, sqliteOneInboundReader } from './modules/inbox/index.ts';
import { postgresArrivalWrites, sqliteArrivalWrites } from './modules/ingest/index.ts';
import {
  clusterLiveTransport,
  type LiveTransport,
  localLiveTransport,
  postgresLiveTransport,
} from './modules/live/index.ts';
import { postgresOutboxClaim, sqliteOutboxClaim } from './modules/mail/index.ts';
import {
  createSearchThreads,
  postgresOrderWrites,
  postgresSearchEngine,
  sqliteOrderWrites,
  sqliteSearchEngine,
} from './modules/orders/index.ts';
import {
  postgresGiveSpaceBack,
  postgresOneRetentionPass,
  sqliteGiveSpaceBack,
  sqliteOneRetentionPass,
} from './modules/privacy/index.ts';
import { postgresRemarkWrites, sqliteRemarkWrites } from './modules/remarks/index.ts';
import { postgresOneOrphanSweep, sqliteOneOrphanSweep } from './modules/storage/index.ts';

/*
 * The choices made once, at start, by the database the app runs on (buildApp in app.ts calls these; DESIGN §13): the services
 * and the live hub get these and never ask which database they are on.
 */

/**
 * What SQLite and PostgreSQL do differently, chosen here once (context.ts Strategies): the services
 * call these and never ask which database they run on.
 */
export function strategiesFor(handle: DbHandle, config: Config, transactions: Transactions): Strategies {
  if (handle.dialect === 'postgres') {
    return {
      orderWrites: postgresOrderWrites(transactions),
      arrivalWrites: postgresArrivalWrites,
      claimWrites: postgresClaimWrites(transactions),
      remarkWrites: postgresRemarkWrites(transactions),
      searchEngine: postgresSearchEngine,
      searchThreads: null,
      outboxClaim: postgresOutboxClaim,
      giveSpaceBack: postgresGiveSpaceBack,
      oneRetentionPassAtATime: postgresOneRetentionPass,
      oneOrphanSweepAtATime: postgresOneOrphanSweep,
      oneInboundReaderAtATime: postgresOneInboundReader,
    };
  }
  const threads = config.searchThreads;
  return {
    orderWrites: sqliteOrderWrites(transactions),
    arrivalWrites: sqliteArrivalWrites,
    claimWrites: sqliteClaimWrites(transactions),
    remarkWrites: sqliteRemarkWrites(transactions),
    searchEngine: sqliteSearchEngine,
    searchThreads: threads > 0 ? createSearchThreads(path.join(config.dataDir, SQLITE_FILE), threads) : null,
    outboxClaim: sqliteOutboxClaim,
    giveSpaceBack: sqliteGiveSpaceBack,
    oneRetentionPassAtATime: sqliteOneRetentionPass,
    oneOrphanSweepAtATime: sqliteOneOrphanSweep,
    oneInboundReaderAtATime: sqliteOneInboundReader,
  };
}

/**
 * How live messages reach the other processes and instances (DESIGN §18), chosen once: PostgreSQL's
 * LISTEN/NOTIFY, the cluster primary's relay between SQLite workers, or nothing to cross.
 */
export function liveTransportFor(handle: DbHandle, config: Config, log: FastifyInstance['log']): LiveTransport {
  if (handle.dialect === 'postgres' && config.databaseUrl && config.pgListen)
    return postgresLiveTransport(handle.db, config.databaseUrl, log);
  return isWorker() ? clusterLiveTransport() : localLiveTransport();
}
