import { findFolder, ORDERS_CONTRACTS, ROLE } from '@eta/shared';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { connect } from '../src/db/connect.ts';
import { likeContains } from '../src/lib/like.ts';
import { folderPage } from '../src/modules/orders/list.repository.ts';
import { api } from './api-client.ts';
import { buildTestApp, createMember, describeEachDialect, type Member, type TestApp } from './test-app.ts';

/**
 * PostgreSQL keeps the statements each connection has run (db/connect.ts preparingPool): the same
 * call made again is bound and executed, not parsed and planned again; a search stays unnamed.
 */
describeEachDialect('statements kept by the database connection', (dialect) => {
  let t: TestApp;
  let member: Member;
  beforeAll(async () => {
    t = await buildTestApp(dialect, {});
    member = await createMember(t, ROLE.Team);
  });
  afterAll(() => t.close());

  it('answers the same call again and again with the same result', async () => {
    const answers = [];
    for (let i = 0; i < 8; i += 1) answers.push((await api(t, ORDERS_CONTRACTS.folderCounts, {}, member)).json());
    expect(answers.every((a) => a.status === 1)).toBe(true);
    expect(new Set(answers.map((a) => JSON.stringify(a.data))).size).toBe(1);
  });

  if (dialect === 'postgres')
    it('runs repeated queries as named statements, and searches unnamed', async () => {
      // One connection, so what it keeps is what pg_prepared_statements shows.
      const handle = connect({ databaseUrl: t.config.databaseUrl, sqliteFile: '', poolSize: 1 });
      try {
        for (let i = 0; i < 3; i += 1) {
          await handle.db.selectFrom('staff').select('id').where('id', '=', member.id).execute();
          await handle.db.selectFrom('orders').select('id').where(likeContains('search_text', 'x%y')).execute();
        }
        const { rows } = await sql<{ statement: string }>`select statement from pg_prepared_statements`.execute(
          handle.db,
        );
        const kept = rows.map((r) => r.statement);
        expect(kept.filter((s) => s.includes('from "staff" where "id" = $1'))).toHaveLength(1);
        expect(kept.some((s) => /like/i.test(s))).toBe(false);
      } finally {
        await handle.close();
      }
    });

  if (dialect === 'postgres')
    it('plans the pages staff page through once, and binds the offset of a deep page', async () => {
      const folder = findFolder('newOrder');
      if (!folder) throw new Error('no New Orders folder');
      const handle = connect({ databaseUrl: t.config.databaseUrl, sqliteFile: '', poolSize: 1 });
      const page = (offset: number) =>
        folderPage(
          handle.db,
          folder,
          { id: member.id },
          { sort: 'created_at', order: 'desc', offset, limit: 10, search: '' },
        );
      try {
        for (let i = 0; i < 7; i += 1) {
          await page(20);
          await page(5_000);
        }
        const { rows } = await sql<{ statement: string; generic_plans: string; custom_plans: string }>`
          select statement, generic_plans, custom_plans from pg_prepared_statements`.execute(handle.db);
        const second = rows.filter((r) => /\boffset 20\b/i.test(r.statement));
        // written in, the page is one plan for good (a parameter made PostgreSQL plan it on every call)
        expect(second).toHaveLength(1);
        expect(Number(second[0]?.custom_plans)).toBe(0);
        expect(rows.filter((r) => /\boffset \$\d+/i.test(r.statement))).toHaveLength(1);
      } finally {
        await handle.close();
      }
    });

  if (dialect === 'postgres')
    it('keeps none with PG_PREPARED_STATEMENTS=false (a pooler that cannot hold them)', async () => {
      const handle = connect({
        databaseUrl: t.config.databaseUrl,
        sqliteFile: '',
        poolSize: 1,
        preparedStatements: false,
      });
      try {
        for (let i = 0; i < 3; i += 1)
          await handle.db.selectFrom('staff').select('id').where('id', '=', member.id).execute();
        const { rows } = await sql<{ n: string }>`select count(*) as n from pg_prepared_statements`.execute(handle.db);
        expect(Number(rows[0]?.n)).toBe(0);
      } finally {
        await handle.close();
      }
    });
});
