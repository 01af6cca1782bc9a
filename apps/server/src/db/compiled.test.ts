import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compiledOnce } from './compiled.ts';
import { connect, type DbHandle } from './connect.ts';
import { migrateToLatest } from './migrate.ts';

describe('queries compiled once (compiledOnce)', () => {
  let handle: DbHandle;
  const at = '2026-01-01T00:00:00.000Z';
  beforeAll(async () => {
    handle = connect({ databaseUrl: null, sqliteFile: ':memory:' });
    await migrateToLatest(handle.db);
    await handle.db
      .insertInto('staff')
      .values(
        ['Ann Admin', 'Bob Team', 'Cat Team'].map((name, i) => ({
          name,
          email: `m${i}@example.test`,
          password_hash: 'x',
          type: i === 0 ? 'Admin' : 'Team',
          created_at: at,
          updated_at: at,
          deleted_at: i === 2 ? at : null,
        })),
      )
      .execute();
  });
  afterAll(() => handle.close());

  // A constant ('Team') beside two values, bound in the order the SQL needs them.
  const byTypeAndName = compiledOnce((db, name: string, minId: number) =>
    db
      .selectFrom('staff')
      .select(['id', 'name'])
      .where('type', '=', 'Team')
      .where('name', 'like', name)
      .where('id', '>=', minId)
      .where('deleted_at', 'is', null)
      .orderBy('id'),
  );

  it('runs with the values of each call, keeping the constants', async () => {
    expect((await byTypeAndName(handle.db, '%', 1)).map((r) => r.name)).toEqual(['Bob Team']);
    expect(await byTypeAndName(handle.db, 'Ann%', 1)).toEqual([]);
    expect(await byTypeAndName(handle.db, 'Bob%', 3)).toEqual([]);
    expect((await byTypeAndName(handle.db, 'B%', 2)).map((r) => r.name)).toEqual(['Bob Team']);
  });

  it('compiles once per database handle', async () => {
    let builds = 0;
    const counted = compiledOnce((db, id: number) => {
      builds += 1;
      return db.selectFrom('staff').select('name').where('id', '=', id);
    });
    for (const id of [1, 2, 3]) await counted(handle.db, id);
    expect(builds).toBe(1);
    const other = connect({ databaseUrl: null, sqliteFile: ':memory:' });
    try {
      await migrateToLatest(other.db);
      expect(await counted(other.db, 1)).toEqual([]);
      expect(builds).toBe(2);
    } finally {
      await other.close();
    }
  });

  it('refuses a value left out or bound twice', async () => {
    const unused = compiledOnce((db, _id: number) => db.selectFrom('staff').select('name'));
    await expect(unused(handle.db, 1)).rejects.toThrow(/bound exactly once/);
    const twice = compiledOnce((db, id: number) =>
      db.selectFrom('staff').select('name').where('id', '=', id).where('id', '<=', id),
    );
    await expect(twice(handle.db, 1)).rejects.toThrow(/bound exactly once/);
  });
});
