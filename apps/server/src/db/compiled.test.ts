import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compiledOnce, compiledPerLength, compiledPerShape, FEW, SHAPES_KEPT } from './compiled.ts';
import { connect, type DbHandle } from './connect.ts';
import { migrateToLatest } from './migrate.ts';

const at = '2026-01-01T00:00:00.000Z';

/** A fresh in-memory database holding these members, ids 1, 2, … in order. */
async function databaseWith(members: { name: string; type: string; deleted?: boolean }[]): Promise<DbHandle> {
  const handle = connect({ databaseUrl: null, sqliteFile: ':memory:' });
  await migrateToLatest(handle.db);
  await handle.db
    .insertInto('staff')
    .values(
      members.map((m, i) => ({
        name: m.name,
        email: `m${i}@example.test`,
        password_hash: 'x',
        type: m.type,
        created_at: at,
        updated_at: at,
        deleted_at: m.deleted ? at : null,
      })),
    )
    .execute();
  return handle;
}

describe('queries compiled once (compiledOnce)', () => {
  let handle: DbHandle;
  beforeAll(async () => {
    handle = await databaseWith([
      { name: 'Ann Admin', type: 'Admin' },
      { name: 'Bob Team', type: 'Team' },
      { name: 'Cat Team', type: 'Team', deleted: true },
    ]);
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

  it('compiles once for the handle and every transaction it opens', async () => {
    let builds = 0;
    const counted = compiledOnce((db, id: number) => {
      builds += 1;
      return db.selectFrom('staff').select('name').where('id', '=', id);
    });
    await counted(handle.db, 1);
    const names = await handle.db.transaction().execute(async (trx) => [await counted(trx, 2), await counted(trx, 1)]);
    expect(names).toEqual([[{ name: 'Bob Team' }], [{ name: 'Ann Admin' }]]);
    expect(builds).toBe(1);
  });

  it('takes a value bound twice, refuses one left out or read by the builder', async () => {
    const twice = compiledOnce((db, id: number) =>
      db.selectFrom('staff').select('name').where('id', '>=', id).where('id', '<=', id),
    );
    expect(await twice(handle.db, 2)).toEqual([{ name: 'Bob Team' }]);
    const unused = compiledOnce((db, _id: number) => db.selectFrom('staff').select('name'));
    await expect(unused(handle.db, 1)).rejects.toThrow(/every value must be bound/);
    // a value read by the builder (here turned into text) would be written into the SQL
    const baked = compiledOnce((db, id: number) =>
      db.selectFrom('staff').select('name').where('name', '=', String(id)),
    );
    await expect(baked(handle.db, 1)).rejects.toThrow(/the value "0" was read while building/);
  });
});

describe('queries compiled once per shape (compiledPerShape)', () => {
  let handle: DbHandle;
  beforeAll(async () => {
    handle = await databaseWith(['Ann', 'Bob', 'Cat', 'Dan'].map((name) => ({ name, type: 'Team' })));
  });
  afterAll(() => handle.close());

  type Page = { order: 'asc' | 'desc'; size: number };
  /** The order and the page size are the shape (written into the SQL); the lowest id is a value. */
  function pageQuery() {
    const builds: string[] = [];
    const page = compiledPerShape(
      (shape: Page) => `${shape.order} ${shape.size}`,
      (db, shape, values: { minId: number }) => {
        builds.push(`${shape.order} ${shape.size}`);
        return db
          .selectFrom('staff')
          .select('name')
          .where('id', '>=', values.minId)
          .orderBy('id', shape.order)
          .limit(sql.lit(shape.size));
      },
    );
    return { page, builds };
  }
  const names = (rows: { name: string }[]) => rows.map((r) => r.name);

  it("builds each shape once and runs it with each call's values", async () => {
    const { page, builds } = pageQuery();
    expect(names(await page(handle.db, { order: 'asc', size: 2 }, { minId: 1 }))).toEqual(['Ann', 'Bob']);
    expect(names(await page(handle.db, { order: 'asc', size: 2 }, { minId: 3 }))).toEqual(['Cat', 'Dan']);
    expect(names(await page(handle.db, { order: 'desc', size: 2 }, { minId: 1 }))).toEqual(['Dan', 'Cat']);
    expect(names(await page(handle.db, { order: 'asc', size: 3 }, { minId: 2 }))).toEqual(['Bob', 'Cat', 'Dan']);
    expect(names(await page(handle.db, { order: 'desc', size: 2 }, { minId: 4 }))).toEqual(['Dan']);
    expect(builds).toEqual(['asc 2', 'desc 2', 'asc 3']);
  });

  it('keeps each query apart, even with the same shape keys', async () => {
    const first = pageQuery();
    const other = compiledPerShape(
      (shape: Page) => `${shape.order} ${shape.size}`,
      (db, shape, values: { minId: number }) =>
        db.selectFrom('staff').select('email as name').where('id', '>=', values.minId).orderBy('id', shape.order),
    );
    expect(names(await first.page(handle.db, { order: 'asc', size: 1 }, { minId: 1 }))).toEqual(['Ann']);
    expect(names(await other(handle.db, { order: 'asc', size: 1 }, { minId: 4 }))).toEqual(['m3@example.test']);
    expect(names(await first.page(handle.db, { order: 'asc', size: 1 }, { minId: 2 }))).toEqual(['Bob']);
  });

  it(`keeps the ${SHAPES_KEPT} shapes used last, and builds a dropped one again`, async () => {
    const { page, builds } = pageQuery();
    for (let size = 1; size <= SHAPES_KEPT; size += 1) await page(handle.db, { order: 'asc', size }, { minId: 1 });
    await page(handle.db, { order: 'asc', size: 1 }, { minId: 1 }); // used again: now the newest
    expect(builds).toHaveLength(SHAPES_KEPT);
    await page(handle.db, { order: 'desc', size: 1 }, { minId: 1 }); // one more: drops size 2, the oldest
    await page(handle.db, { order: 'asc', size: 1 }, { minId: 1 });
    expect(builds).toHaveLength(SHAPES_KEPT + 1);
    expect(names(await page(handle.db, { order: 'asc', size: 2 }, { minId: 2 }))).toEqual(['Bob', 'Cat']);
    expect(builds.at(-1)).toBe('asc 2');
  });
});

describe('queries over a list, compiled once per length (compiledPerLength)', () => {
  let handle: DbHandle;
  beforeAll(async () => {
    handle = await databaseWith(
      Array.from({ length: FEW + 4 }, (_, i) => ({ name: `Member ${i + 1}`, type: i % 2 === 0 ? 'Team' : 'Manager' })),
    );
  });
  afterAll(() => handle.close());

  const lengths: number[] = [];
  const named = compiledPerLength(
    (shape: { type: string }) => shape.type,
    (db, shape, ids: readonly number[], values: { minId: number }) => {
      lengths.push(ids.length);
      return db
        .selectFrom('staff')
        .select('name')
        .where('id', 'in', [...ids])
        .where('type', '=', shape.type)
        .where('id', '>=', values.minId)
        .orderBy('id');
    },
  );
  const names = (rows: { name: string }[]) => rows.map((r) => r.name);
  const ids = (n: number) => Array.from({ length: n }, (_, i) => i + 1);

  it('builds each length once up to FEW and every longer list as it comes', async () => {
    expect(names(await named(handle.db, { type: 'Team' }, [1, 2, 3], { minId: 1 }))).toEqual(['Member 1', 'Member 3']);
    expect(names(await named(handle.db, { type: 'Team' }, [3, 4, 5], { minId: 4 }))).toEqual(['Member 5']);
    expect(names(await named(handle.db, { type: 'Manager' }, [1, 2, 3], { minId: 1 }))).toEqual(['Member 2']);
    expect(names(await named(handle.db, { type: 'Team' }, [2], { minId: 1 }))).toEqual([]);
    const evens = (n: number) =>
      ids(n)
        .filter((i) => i % 2 === 0)
        .map((i) => `Member ${i}`);
    for (const n of [FEW, FEW, FEW + 1, FEW + 1])
      expect(names(await named(handle.db, { type: 'Manager' }, ids(n), { minId: 1 }))).toEqual(evens(n));
    expect(lengths).toEqual([3, 3, 1, FEW, FEW + 1, FEW + 1]);
  });

  it('gives each field of an object item a value of its own', async () => {
    const byIdAndType = compiledPerLength(
      () => '',
      (db, _shape: null, wanted: readonly { id: number; type: string }[]) =>
        db
          .selectFrom('staff')
          .select('name')
          .where((eb) => eb.or(wanted.map((w) => eb.and([eb('id', '=', w.id), eb('type', '=', w.type)]))))
          .orderBy('id'),
    );
    const wanted = [
      { id: 1, type: 'Team' },
      { id: 2, type: 'Team' },
      { id: 4, type: 'Manager' },
    ];
    expect(names(await byIdAndType(handle.db, null, wanted, {}))).toEqual(['Member 1', 'Member 4']);
    wanted[1] = { id: 3, type: 'Team' };
    expect(names(await byIdAndType(handle.db, null, wanted, {}))).toEqual(['Member 1', 'Member 3', 'Member 4']);
  });

  it('refuses an empty list: it has no statement', async () => {
    await expect(named(handle.db, { type: 'Team' }, [], { minId: 1 })).rejects.toThrow(/empty list/);
  });
});
