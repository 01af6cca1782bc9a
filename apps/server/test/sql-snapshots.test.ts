import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { DialectName } from '../src/db/dialect.ts';
import { captureDatabase, snapshotText } from './sql-capture.ts';
import { SQL_SCENARIOS, scenarioStrategies } from './sql-scenarios.ts';
import { UPKEEP_SCENARIOS, upkeepStrategies } from './sql-scenarios-upkeep.ts';

/*
 * The SQL each strategy runs (the writes of sql-scenarios.ts; the search engines, the outbox claim
 * and the upkeep jobs of sql-scenarios-upkeep.ts), per dialect, kept in test/sql/<dialect>/<name>.sql and reviewed
 * in diffs (as immich's queries/*.sql). Both dialects run here on any machine: the statements are
 * compiled by the dialect's own compiler and captured, not sent (sql-capture.ts). A changed statement
 * fails this test until its snapshot is rewritten, on purpose:
 *   UPDATE_SQL_SNAPSHOTS=1 npx vitest run apps/server/test/sql-snapshots.test.ts
 */
const DIR = path.join(import.meta.dirname, 'sql');
const UPDATE = process.env.UPDATE_SQL_SNAPSHOTS === '1';
const DIALECTS: readonly DialectName[] = ['sqlite', 'postgres'];

/** every scenario as one call: what it is, and how it runs on a capturing database */
const CASES = [
  ...SQL_SCENARIOS.map((s) => ({
    name: s.name,
    what: s.what,
    capture: async (dialect: DialectName) => {
      const { db, log } = captureDatabase(dialect, s.script[dialect]);
      await s.run(scenarioStrategies(dialect, db), db);
      return log;
    },
  })),
  ...UPKEEP_SCENARIOS.map((s) => ({
    name: s.name,
    what: s.what,
    capture: async (dialect: DialectName) => {
      const { db, log } = captureDatabase(dialect, s.script?.[dialect] ?? []);
      await s.run(upkeepStrategies(dialect), db);
      return log;
    },
  })),
];

describe.each(DIALECTS)('the SQL of the strategies [%s] equals test/sql', (dialect) => {
  it('names each case once', () => {
    const names = CASES.map((c) => c.name);
    expect(new Set(names).size).toBe(names.length);
  });

  it.each(CASES.map((c) => [c.name, c] as const))('%s', async (name, scenario) => {
    const log = await scenario.capture(dialect);
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
    const expected = CASES.map((s) => `${s.name}.sql`);
    if (UPDATE)
      for (const file of readdirSync(path.join(DIR, dialect)))
        if (!expected.includes(file)) rmSync(path.join(DIR, dialect, file));
    const kept = readdirSync(path.join(DIR, dialect)).sort();
    expect(kept).toEqual(expected.sort());
  });
});
