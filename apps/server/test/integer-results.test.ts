import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { parseInt8 } from '../src/db/pg-integers.ts';
import { buildTestApp, describeEachDialect, type TestApp } from './test-app.ts';

/**
 * Every integer the database gives is a JavaScript number on both databases (db/pg-integers.ts,
 * decision 0355): counts, sums, window counts and ids, so no query converts them.
 */
describeEachDialect('integers from the database', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(dialect, {});
  });
  afterAll(() => t.close());

  it('gives counts, sums, window counts and ids as numbers', async () => {
    const { rows } = await sql<Record<string, unknown>>`
      select count(*) as counted, sum(x) as summed, count(*) over () as windowed,
        max(cast(9007199254740991 as bigint)) as widest
      from (select 1 as x union all select 41 as x) pair`.execute(t.app.ctx.db);
    expect(rows[0]).toEqual({ counted: 2, summed: 42, windowed: 1, widest: Number.MAX_SAFE_INTEGER });
  });

  it('gives the bigserial ids of the personal-data logs as numbers', async () => {
    const { id } = await t.app.ctx.db
      .insertInto('audit_log')
      .values({
        at: '2026-11-28T10:00:00.000Z',
        member_id: null,
        action: 'test',
        target: null,
        detail: null,
        ip: null,
        user_agent: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect(typeof id).toBe('number');
  });

  if (dialect === 'postgres')
    it('fails a query whose int8 a number cannot hold exactly, instead of rounding it', async () => {
      await expect(sql`select cast(9007199254740993 as bigint) as n`.execute(t.app.ctx.db)).rejects.toThrow(
        /beyond a JavaScript number/,
      );
    });
});

it('reads int8 text within 2^53 and refuses beyond it', () => {
  expect(parseInt8('-42')).toBe(-42);
  expect(parseInt8('9007199254740991')).toBe(Number.MAX_SAFE_INTEGER);
  expect(() => parseInt8('9007199254740992')).toThrow(RangeError);
});
