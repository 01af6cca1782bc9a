import type { Kysely } from 'kysely';
import type { Config } from './config.ts';
import type { DialectName } from './db/dialect.ts';
import type { Database } from './db/schema.ts';
import type { DomainEvents } from './lib/domain-events.ts';
import type { PasswordHasher } from './modules/auth/passwords.ts';
import type { TokenService } from './modules/auth/tokens.ts';
import type { SearchThreads } from './modules/orders/search-thread.ts';
import type { MemberSource } from './modules/staff/member-cache.ts';

/** What every feature module is given: one object, built once in buildApp. */
export interface AppContext {
  config: Config;
  db: Kysely<Database>;
  dialect: DialectName;
  passwords: PasswordHasher;
  tokens: TokenService;
  /** the member behind a staff token, read for the guard on every request (member-cache.ts) */
  members: MemberSource;
  /** SQLite: queue searches run on threads of their own (SEARCH_THREADS); null: in the request's thread */
  searchThreads: SearchThreads | null;
  /** the in-process bus: writes publish here once committed (lib/domain-events.ts) */
  events: DomainEvents;
  /** milliseconds since the epoch; tests may move time */
  clock: () => number;
}
