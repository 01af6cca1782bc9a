import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { DialectName } from '../src/db/dialect.ts';
import { captureDatabase, snapshotText } from './sql-capture.ts';
import { SQL_SCENARIOS, scenarioStrategies } from './sql-scenarios.ts';

/*
 * The SQL each write strategy runs, per dialect, kept in test/sql/<dialect>/<name>.sql and reviewed
 * in diffs (as immich's queries/*.sql). Both dialects run here on any machine: the statements are
 * compiled by the dialect's own compiler and captured, not sent (sql-capture.ts). A changed statement
 * fails this test until its snapshot is rewritten, on purpose:
 *   UPDATE_SQL_SNAPSHOTS=1 npx vitest run apps/server/test/sql-snapshots.test.ts
 */
const DIR = path.join(import.meta.dirname, 'sql');
const UPDATE = process.env.UPDATE_SQL_SNAPSHOTS === '1';
const DIALECTS: readonly DialectName[] = ['sqlite', 'postgres'];

describe.each(DIALECTS)('the SQL of the write strategies [%s] equals test/sql', (dialect) => {
  it.each(SQL_SCENARIOS.map((s) => [s.name, s] as const))('%s', async (name, scenario) => {
    const { db, log } = captureDatabase(dialect, scenario.script[dialect]);
    await scenario.run(scenarioStrategies(dialect, db), db);
    const text = snapshotText(dialect, name, scenario.what, log);
    const file = path.join(DIR, dialect, `${name}.sql`);
    if (UPDATE) {
      mkdirSync(path.dirname(file), { recursive: true });
      writeFileSync(file, text);
    }
    expect(text, `${file} differs: review the change, then rewrite it (UPDATE_SQL_SNAPSHOTS=1)`).toBe(
      readFileSync(file, 'utf8'),
    );
  });

  it('keeps no snapshot of a case that is gone', () => {
    const expected = SQL_SCENARIOS.map((s) => `${s.name}.sql`);
    if (UPDATE)
      for (const file of readdirSync(path.join(DIR, dialect)))
        if (!expected.includes(file)) rmSync(path.join(DIR, dialect, file));
    const kept = readdirSync(path.join(DIR, dialect)).sort();
    expect(kept).toEqual(expected.sort());
  });
});
