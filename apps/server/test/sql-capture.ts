import {
  type CompiledQuery,
  type DatabaseConnection,
  type Driver,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type QueryResult,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
} from 'kysely';
import type { DialectName } from '../src/db/dialect.ts';
import type { Database } from '../src/db/schema.ts';

/*
 * The statements a strategy runs, captured without a database (test/sql-snapshots.test.ts): a Kysely
 * instance with the dialect's own adapter and compiler, so the code under test compiles exactly the
 * SQL it would send (dialectOf reads the adapter; raw `sql` templates keep their text), and a driver
 * that records each statement and answers it with the rows a scenario scripts. PostgreSQL's text is
 * thus produced, and compared, on a machine without PostgreSQL.
 */

/** The rows each statement gets, in order (savepoints aside); a statement past the script gets none. */
export type Script = readonly (readonly Record<string, unknown>[])[];

export interface Capture {
  db: Kysely<Database>;
  /** what ran, in order: statements with their parameters, and the transaction's begin and end */
  log: string[];
}

function recordOf(query: CompiledQuery): string {
  const lines = query.sql
    .split('\n')
    .map((line) => line.trimEnd())
    .filter((line) => line.trim() !== '');
  // a raw template's text keeps its source's indent: the common part goes
  const indent = Math.min(...lines.map((line) => line.length - line.trimStart().length));
  const text = lines.map((line) => line.slice(indent)).join('\n');
  const parameters = query.parameters.length === 0 ? '' : `\n-- parameters: ${JSON.stringify(query.parameters)}`;
  return `${text};${parameters}`;
}

const SAVEPOINT = /^\s*(savepoint|release|rollback to)\b/i;

class CaptureDriver implements Driver {
  readonly log: string[] = [];
  private readonly script: Record<string, unknown>[][];
  constructor(script: Script) {
    this.script = script.map((rows) => [...rows]);
  }
  async init() {}
  async acquireConnection(): Promise<DatabaseConnection> {
    return {
      executeQuery: async <R>(query: CompiledQuery): Promise<QueryResult<R>> => {
        this.log.push(recordOf(query));
        // the group commit's savepoints (lib/transaction.ts) answer nothing: they take no scripted rows
        const rows = (SAVEPOINT.test(query.sql) ? [] : (this.script.shift() ?? [])) as R[];
        return { rows, numAffectedRows: BigInt(rows.length) };
      },
      streamQuery: () => {
        throw new Error('sql-capture: streaming is not captured');
      },
    };
  }
  async beginTransaction() {
    this.log.push('-- begin');
  }
  async commitTransaction() {
    this.log.push('-- commit');
  }
  async rollbackTransaction() {
    this.log.push('-- rollback');
  }
  async releaseConnection() {}
  async destroy() {}
}

/** A database handle of `dialect` that runs nothing: it records and answers from `script`. */
export function captureDatabase(dialect: DialectName, script: Script = []): Capture {
  const driver = new CaptureDriver(script);
  const postgres = dialect === 'postgres';
  const db = new Kysely<Database>({
    dialect: {
      createAdapter: () => (postgres ? new PostgresAdapter() : new SqliteAdapter()),
      createDriver: () => driver,
      createQueryCompiler: () => (postgres ? new PostgresQueryCompiler() : new SqliteQueryCompiler()),
      createIntrospector: (db) => (postgres ? new PostgresIntrospector(db) : new SqliteIntrospector(db)),
    },
  });
  return { db, log: driver.log };
}

/** The snapshot file's text: a header naming the case, then each statement as it ran. */
export function snapshotText(dialect: DialectName, name: string, what: string, log: readonly string[]): string {
  return `-- ${name} (${dialect}): ${what}\n-- written by UPDATE_SQL_SNAPSHOTS=1 npx vitest run apps/server/test/sql-snapshots.test.ts\n\n${log.join('\n\n')}\n`;
}
