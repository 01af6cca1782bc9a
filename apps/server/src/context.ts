import type { Kysely } from 'kysely';
import type PQueue from 'p-queue';
import type { Config } from './config.ts';
import type { Database } from './db/schema.ts';
import type { DomainEvents } from './lib/domain-events.ts';
import type { FailureLimiters } from './lib/failure-limiter.ts';
import type { FileStore } from './lib/file-store.ts';
import type { MemberSource, PasswordHasher, SessionSource, TokenService } from './lib/staff-auth.ts';
import type { Transactions } from './lib/transaction.ts';

/**
 * How each feature does what SQLite and PostgreSQL do differently (one-statement writes, search
 * engines, search threads, the outbox claim), picked once in strategies.ts. Every feature declares
 * its own part beside its interfaces, so this file names none of them and imports nothing from
 * modules/: `declare module '../../context.ts' { interface Strategies { … } }`
 * (modules/orders/order-writes.ts, for one). strategies.ts must supply every part declared, or it
 * does not compile. Services only call these; none asks which database it runs on.
 */
// biome-ignore lint/suspicious/noEmptyInterface: filled by each feature's declaration (see above)
export interface Strategies {}

/** What every feature module is given: one object, built once in buildApp. */
export interface AppContext {
  config: Config;
  db: Kysely<Database>;
  passwords: PasswordHasher;
  tokens: TokenService;
  /** the member behind a staff token, read for the guard on every request (member-cache.ts) */
  members: MemberSource;
  /** the session behind a staff token, read for the guard on every request (session-source.ts) */
  sessions: SessionSource;
  strategies: Strategies;
  /** the in-process bus: writes publish here once committed (lib/domain-events.ts) */
  events: DomainEvents;
  /** the way into a transaction: its context carries the bus and the after-commit hooks (lib/transaction.ts) */
  transactions: Transactions;
  /** failure counts (sign-in, codes, reset mails): in this process, or shared through Redis (lib/limits.ts) */
  failureLimiters: FailureLimiters;
  /** every kept file (images, documents, invoices): DATA_DIR or S3-compatible storage (lib/open-file-store.ts) */
  files: FileStore;
  /** the PDFs made at once in this instance and those waiting (lib/pdf/slots.ts, withPdfSlot) */
  pdfSlots: PQueue;
  /** milliseconds since the epoch; tests may move time */
  clock: () => number;
}
