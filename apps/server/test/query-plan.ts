import { type Compilable, type Kysely, sql } from 'kysely';
import type { DialectName } from '../src/db/dialect.ts';
import type { Database } from '../src/db/schema.ts';

/**
 * The database's plan of a query as the app builds it, as one text to search (the plan tests: an
 * index the query no longer matches fails a test, not a budget). Its parameters are written in:
 * EXPLAIN takes none on SQLite's raw path.
 */
export async function planOf(db: Kysely<Database>, dialect: DialectName, query: Compilable<unknown>): Promise<string> {
  const compiled = query.compile();
  const explain = dialect === 'sqlite' ? 'EXPLAIN QUERY PLAN ' : 'EXPLAIN ';
  const rows = await sql.raw(`${explain}${inline(compiled.sql, compiled.parameters)}`).execute(db);
  return JSON.stringify(rows.rows);
}

function inline(statement: string, parameters: readonly unknown[]): string {
  let i = 0;
  return statement.replace(/\?|\$\d+/g, () => {
    const value = parameters[i++];
    return typeof value === 'number' ? String(value) : `'${String(value).replace(/'/g, "''")}'`;
  });
}
