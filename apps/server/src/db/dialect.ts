import { type Kysely, PostgresAdapter, type SelectQueryBuilder } from 'kysely';
import { jsonArrayFrom as pgJsonArrayFrom } from 'kysely/helpers/postgres';
import { jsonArrayFrom as sqliteJsonArrayFrom } from 'kysely/helpers/sqlite';

export type DialectName = 'sqlite' | 'postgres';

/*
 * The few differences between SQLite and PostgreSQL that are a word of SQL inside a repository's
 * query, gathered here: repositories call these, never dialectOf themselves. What differs by more
 * than a word (the one-statement writes, the search engines, the search threads) is a strategy,
 * picked once in app.ts (context.ts Strategies). Each is read while a query is built: compiled
 * queries (compiled.ts) pay for it once per shape and database handle.
 */

/** Which SQL dialect a Kysely instance speaks; migrations need it for the few non-portable parts. */
// biome-ignore lint/suspicious/noExplicitAny: works on any schema, including migrations' untyped one
export function dialectOf(db: Kysely<any>): DialectName {
  return db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite';
}

/**
 * The rows read stay as they are until the transaction ends: FOR UPDATE on PostgreSQL. SQLite has
 * no row locks and needs none: its write transaction holds the whole database (lib/transaction.ts).
 */
// biome-ignore lint/suspicious/noExplicitAny: any schema, any select
export function lockForUpdate<Q extends SelectQueryBuilder<any, any, any>>(db: Kysely<any>, query: Q): Q {
  return dialectOf(db) === 'postgres' ? (query.forUpdate() as Q) : query;
}

/**
 * Text sorted bytewise, whatever the database's locale: PostgreSQL is told so (collate "C"),
 * SQLite's default already is.
 */
// biome-ignore lint/suspicious/noExplicitAny: any schema
export function bytewise<I extends { collate(collation: string): I }>(db: Kysely<any>, item: I): I {
  return dialectOf(db) === 'postgres' ? item.collate('C') : item;
}

/** JSON array of a subquery's rows: json_agg on PostgreSQL, json_group_array on SQLite (a string there). */
// biome-ignore lint/suspicious/noExplicitAny: any schema, any select
export function jsonArrayFrom<O>(db: Kysely<any>, rows: SelectQueryBuilder<any, any, O>) {
  return dialectOf(db) === 'postgres' ? pgJsonArrayFrom(rows) : sqliteJsonArrayFrom(rows);
}
