import type { Compilable, CompiledQuery, Kysely, Transaction } from 'kysely';
import type { Database } from './schema.ts';

type Db = Kysely<Database> | Transaction<Database>;

/** Stands for a value while a query is compiled; replaced by the real value at every run. */
class Slot {
  readonly key: string;
  constructor(key: string) {
    this.key = key;
  }
}

interface Kept<R> {
  compiled: CompiledQuery<R>;
  /** for each bound parameter: the key of the value it takes, or null for a constant */
  slots: (string | null)[];
}

/** shapes kept per database at most: past it a shape is built every time, as without this module */
const MAX_SHAPES = 500;

/**
 * The compiled statements of one database handle, by shape. Keyed by the handle's adapter, which a
 * Kysely instance shares with every transaction it opens: a statement run inside a transaction is
 * compiled once too, not once per transaction.
 */
const keptByDatabase = new WeakMap<object, Map<string, Kept<unknown>>>();

function keptFor(db: Db): Map<string, Kept<unknown>> {
  const adapter = db.getExecutor().adapter;
  let kept = keptByDatabase.get(adapter);
  if (!kept) {
    kept = new Map();
    keptByDatabase.set(adapter, kept);
  }
  return kept;
}

/**
 * Compiles `query`, built on stand-ins, and finds where each stand-in went. Every value must reach
 * the SQL as a bound parameter (once or more): a value that a builder read instead (in an `if`, as
 * a literal, as a list for `in` whose length would change the statement) would be baked into the
 * shape, and is refused.
 */
function compile<R>(query: Compilable<R>, keys: readonly string[]): Kept<R> {
  const compiled = query.compile();
  const slots = compiled.parameters.map((p) => (p instanceof Slot ? p.key : null));
  const bound = new Set(slots.filter((s) => s !== null));
  if (bound.size !== keys.length || keys.some((k) => !bound.has(k)))
    throw new Error('compiled query: every value must be bound as a parameter');
  return { compiled, slots };
}

async function run<R>(db: Db, kept: Kept<R>, values: Readonly<Record<string, unknown>>): Promise<R[]> {
  const { compiled, slots } = kept;
  const parameters = compiled.parameters.map((p, i) => {
    const slot = slots[i];
    return slot === null || slot === undefined ? p : values[slot];
  });
  return (await db.executeQuery<R>({ ...compiled, parameters })).rows;
}

/**
 * Queries whose shape is one of a few (a folder, a sort, a page size), built and compiled once per
 * shape and database handle, then run with fresh values. Kysely's builder and compiler can cost
 * more than the database's run of the query: the order detail (seven subqueries, seventy columns)
 * took 230 µs to build and compile, and SQLite 100 µs to run it (issue 8). `shapeKey` must name
 * everything that changes the SQL; `build` gets a stand-in for each of `values`, which it may only
 * bind (see compile). A shape's values are the same names at every call.
 */
export function compiledPerShape<S, V extends Record<string, unknown>, R>(
  name: string,
  shapeKey: (shape: S) => string,
  build: (db: Db, shape: S, values: V) => Compilable<R>,
) {
  return async (db: Db, shape: S, values: V): Promise<R[]> => {
    const kept = keptFor(db);
    const key = `${name}\u0000${shapeKey(shape)}`;
    let entry = kept.get(key) as Kept<R> | undefined;
    if (!entry) {
      const keys = Object.keys(values);
      const stand = Object.fromEntries(keys.map((k) => [k, new Slot(k)])) as unknown as V;
      entry = compile(build(db, shape, stand), keys);
      if (kept.size < MAX_SHAPES) kept.set(key, entry as Kept<unknown>);
    }
    return run(db, entry, values);
  };
}

let onceCount = 0;

/**
 * A query of one shape, built and compiled once per database handle (see compiledPerShape); its
 * values come as arguments.
 */
export function compiledOnce<A extends unknown[], R>(build: (db: Db, ...values: A) => Compilable<R>) {
  onceCount += 1;
  const perShape = compiledPerShape(
    `once${onceCount}`,
    () => '',
    (db, _shape: null, values: Record<string, unknown>) => build(db, ...(Object.values(values) as A)),
  );
  return (db: Db, ...values: A): Promise<R[]> =>
    perShape(db, null, Object.fromEntries(values.map((v, i) => [String(i), v])));
}

/** lists up to this long get a compiled shape per length; longer ones (bulk actions) are built each time */
export const FEW = 8;

/**
 * A query over a list of values (`in (…)`, rows to insert), compiled once per list length up to
 * `maxLength` and per `shapeKey` (which must name anything else that changes the SQL); a longer
 * list is built as it comes. `build` gets the list (stand-ins when compiled) and the other values.
 */
export function compiledPerLength<S, T, V extends Record<string, unknown>, R>(
  name: string,
  shapeKey: (shape: S) => string,
  build: (db: Db, shape: S, list: readonly T[], values: V) => Compilable<R>,
  maxLength = FEW,
) {
  const perShape = compiledPerShape(
    name,
    (shape: { of: S; length: number }) => `${shapeKey(shape.of)} ×${shape.length}`,
    (db, shape, values: Record<string, unknown>) =>
      build(
        db,
        shape.of,
        Array.from({ length: shape.length }, (_, i) => values[`#${i}`] as T),
        values as V,
      ),
  );
  return async (db: Db, shape: S, list: readonly T[], values: V): Promise<R[]> => {
    if (list.length > maxLength) return (await db.executeQuery(build(db, shape, list, values).compile())).rows;
    const listed = Object.fromEntries(list.map((item, i) => [`#${i}`, item]));
    return perShape(db, { of: shape, length: list.length }, { ...values, ...listed });
  };
}
