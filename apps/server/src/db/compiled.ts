import type { Compilable, CompiledQuery, Kysely, Transaction } from 'kysely';
import type { Database } from './schema.ts';

type Db = Kysely<Database> | Transaction<Database>;

/**
 * Stands for a value while a query is compiled; replaced by the real value at every run. It refuses
 * to become text or a number, so a builder that reads a value (a template, `String()`, arithmetic)
 * fails at once instead of writing the stand-in into the SQL. A builder must not branch on a value
 * either (`if (x)`, `x === 0`): a stand-in is always truthy, and that the check cannot see.
 */
class Slot {
  readonly key: string;
  constructor(key: string) {
    this.key = key;
  }
  [Symbol.toPrimitive](): never {
    throw new Error(`compiled query: the value "${this.key}" was read while building; bind it instead`);
  }
}

interface Kept<R> {
  compiled: CompiledQuery<R>;
  /** for each bound parameter: the key of the value it takes, or null for a constant */
  slots: (string | null)[];
}

/** shapes one query keeps per database, the least recently used dropped first */
export const SHAPES_KEPT = 64;

/**
 * Compiles `query`, built on stand-ins, and finds where each stand-in went. Every value must reach
 * the SQL as a bound parameter (once or more): a value that a builder turned into something else
 * is refused.
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
    return slot == null ? p : values[slot];
  });
  return (await db.executeQuery<R>({ ...compiled, parameters })).rows;
}

/**
 * Queries whose shape is one of a few (a folder, a sort, a page size), built and compiled once per
 * shape and database handle, then run with fresh values. Kysely's builder and compiler can cost
 * more than the database's run of the query: the order detail (seven subqueries, seventy columns)
 * took 230 µs to build and compile, and SQLite 100 µs to run it (issue 8). `shapeKey` must name
 * everything that changes the SQL; `build` gets a stand-in for each of `values`, which it may only
 * bind (see Slot). A shape's values are the same names at every call. Each query keeps its own
 * shapes, at most SHAPES_KEPT a database, so one query's many shapes never push out another's.
 */
export function compiledPerShape<S, V extends Record<string, unknown>, R>(
  shapeKey: (shape: S) => string,
  build: (db: Db, shape: S, values: V) => Compilable<R>,
) {
  // By the Kysely adapter: a handle and every transaction it opens share it (they compile alike;
  // this code base adds no plugin or schema, which would change the SQL and share it too).
  const keptByDatabase = new WeakMap<object, Map<string, Kept<R>>>();
  return async (db: Db, shape: S, values: V): Promise<R[]> => {
    const adapter = db.getExecutor().adapter;
    let kept = keptByDatabase.get(adapter);
    if (!kept) {
      kept = new Map();
      keptByDatabase.set(adapter, kept);
    }
    const key = shapeKey(shape);
    let entry = kept.get(key);
    if (entry) {
      kept.delete(key); // kept again below as the most recently used
    } else {
      const keys = Object.keys(values);
      const stand = Object.fromEntries(keys.map((k) => [k, new Slot(k)])) as unknown as V;
      entry = compile(build(db, shape, stand), keys);
      if (kept.size >= SHAPES_KEPT) kept.delete(kept.keys().next().value as string);
    }
    kept.set(key, entry);
    return run(db, entry, values);
  };
}

/** A query of one shape, built and compiled once per database handle; its values come as arguments. */
export function compiledOnce<A extends unknown[], R>(build: (db: Db, ...values: A) => Compilable<R>) {
  const perShape = compiledPerShape(
    () => '',
    (db, _shape: null, values: Record<string, unknown>) =>
      build(db, ...(Array.from({ length: Object.keys(values).length }, (_, i) => values[i]) as A)),
  );
  return (db: Db, ...values: A): Promise<R[]> =>
    perShape(db, null, Object.fromEntries(values.map((v, i) => [String(i), v])));
}

/** lists up to this long get a compiled shape per length; longer ones (bulk actions) are built each time */
export const FEW = 8;

type Item = string | number | null | Readonly<Record<string, unknown>>;

/** A list item's values by key: `#2` for a scalar, `#2.kind` for an object's field. */
function itemValues(item: Item, i: number): [string, unknown][] {
  if (item === null || typeof item !== 'object') return [[`#${i}`, item]];
  return Object.entries(item).map(([k, v]) => [`#${i}.${k}`, v]);
}

function itemStandIn(item: Item, i: number, values: Readonly<Record<string, unknown>>): unknown {
  if (item === null || typeof item !== 'object') return values[`#${i}`];
  return Object.fromEntries(Object.keys(item).map((k) => [k, values[`#${i}.${k}`]]));
}

/**
 * A query over a non-empty list (`in (…)`, rows to insert), compiled once per list length up to
 * `maxLength` (and, for object items, per set of fields) and per `shapeKey`, which must name
 * anything else that changes the SQL; a longer list is built as it comes. `build` gets the list
 * (stand-ins when compiled: an object item's fields each stand for a value) and the other values.
 */
export function compiledPerLength<S, T extends Item, V extends Record<string, unknown>, R>(
  shapeKey: (shape: S) => string,
  build: (db: Db, shape: S, list: readonly T[], values: V) => Compilable<R>,
  maxLength = FEW,
) {
  const perShape = compiledPerShape(
    (shape: { of: S; items: readonly T[] }) => {
      const fields = shape.items.map((item) => (item !== null && typeof item === 'object' ? Object.keys(item) : '.'));
      return `${shapeKey(shape.of)} ${JSON.stringify(fields)}`;
    },
    (db, shape, values: Record<string, unknown>) =>
      build(
        db,
        shape.of,
        shape.items.map((item, i) => itemStandIn(item, i, values) as T),
        values as V,
      ),
  );
  return async (db: Db, shape: S, list: readonly T[], values: V): Promise<R[]> => {
    if (list.length === 0) throw new Error('compiled query: an empty list has no statement');
    if (list.length > maxLength) return (await db.executeQuery(build(db, shape, list, values).compile())).rows;
    const listed = Object.fromEntries(list.flatMap(itemValues));
    return perShape(db, { of: shape, items: list }, { ...values, ...listed });
  };
}
