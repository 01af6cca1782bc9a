import type SqliteDatabase from 'better-sqlite3';
import type pg from 'pg';
import { type RowSink, rowsPerStatement, TABLES } from './generate.ts';
import type { OrderRows } from './rows.ts';

/**
 * Fast sinks for a million orders: the same multi-row INSERTs Kysely writes, prepared once per
 * shape and run straight on the driver, one transaction per chunk. (Kysely's own path, used by the
 * tests, compiles every statement again: about half the import time at this size.)
 */
function insertSql(table: string, columns: readonly string[], rows: number, placeholder: (n: number) => string) {
  const names = columns.map((c) => `"${c}"`).join(', ');
  const tuples: string[] = [];
  let n = 0;
  for (let r = 0; r < rows; r += 1) {
    const values: string[] = [];
    for (let c = 0; c < columns.length; c += 1) values.push(placeholder(++n));
    tuples.push(`(${values.join(', ')})`);
  }
  return `INSERT INTO "${table}" (${names}) VALUES ${tuples.join(', ')}`;
}

function flatten(rows: readonly Record<string, unknown>[], columns: readonly string[]): unknown[] {
  const out: unknown[] = [];
  for (const row of rows) for (const c of columns) out.push(row[c] ?? null);
  return out;
}

/** Each table's rows in statement-sized slices, with the statement's column list. */
function* slices(rows: OrderRows) {
  for (const table of TABLES) {
    const list = rows[table] as unknown as Record<string, unknown>[];
    if (list.length === 0) continue;
    const columns = Object.keys(list[0] as object);
    const step = rowsPerStatement(columns.length);
    for (let i = 0; i < list.length; i += step) yield { table, columns, part: list.slice(i, i + step) };
  }
}

export function sqliteSink(sqlite: SqliteDatabase.Database): RowSink {
  const cache = new Map<string, SqliteDatabase.Statement>();
  const run = sqlite.transaction((rows: OrderRows) => {
    for (const { table, columns, part } of slices(rows)) {
      const key = `${table}:${part.length}`;
      let statement = cache.get(key);
      if (!statement) {
        statement = sqlite.prepare(insertSql(table, columns, part.length, () => '?'));
        cache.set(key, statement);
      }
      statement.run(flatten(part, columns));
    }
  });
  return {
    async write(rows) {
      // better-sqlite3 transactions are BEGIN (deferred); the import is the only writer.
      run.immediate(rows);
    },
  };
}

export function postgresSink(client: pg.Client): RowSink {
  const statements = new Map<string, { name: string; text: string }>();
  return {
    async write(rows) {
      await client.query('BEGIN');
      try {
        for (const { table, columns, part } of slices(rows)) {
          const key = `${table}:${part.length}`;
          let statement = statements.get(key);
          if (!statement) {
            statement = {
              name: `bench_insert_${statements.size}`,
              text: insertSql(table, columns, part.length, (n) => `$${n}`),
            };
            statements.set(key, statement);
          }
          await client.query({ ...statement, values: flatten(part, columns) });
        }
        await client.query('COMMIT');
      } catch (error) {
        await client.query('ROLLBACK');
        throw error;
      }
    },
  };
}
