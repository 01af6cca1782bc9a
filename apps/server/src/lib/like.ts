import { type RawBuilder, sql } from 'kysely';

/** The escape character of every LIKE we write; the same single backslash on SQLite and PostgreSQL. */
export const LIKE_ESCAPE = '\\';

/** Makes `%`, `_` and the escape character itself match as plain text inside a LIKE pattern. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `${LIKE_ESCAPE}${c}`);
}

/** `%text%` with the text taken literally. */
export function containsPattern(text: string): string {
  return `%${escapeLike(text)}%`;
}

/**
 * `column LIKE pattern ESCAPE '\'`. The pattern is a bound parameter, so quotes are never SQL; the
 * ESCAPE clause is spelt out because neither dialect's default can be relied on (PostgreSQL's is
 * backslash, SQLite has none).
 */
export function likeContains(column: string, text: string): RawBuilder<boolean> {
  return sql<boolean>`${sql.ref(column)} like ${containsPattern(text)} escape ${sql.lit(LIKE_ESCAPE)}`;
}
