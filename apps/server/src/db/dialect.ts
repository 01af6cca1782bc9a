import { type Kysely, PostgresAdapter } from 'kysely';

export type DialectName = 'sqlite' | 'postgres';

/** Which SQL dialect a Kysely instance speaks; migrations need it for the few non-portable parts. */
// biome-ignore lint/suspicious/noExplicitAny: works on any schema, including migrations' untyped one
export function dialectOf(db: Kysely<any>): DialectName {
  return db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite';
}
