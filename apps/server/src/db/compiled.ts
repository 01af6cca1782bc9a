import type { Compilable, CompiledQuery, Kysely } from 'kysely';
import type { Database } from './schema.ts';

/** Stands for a value while a query is compiled; replaced by the real value at every run. */
class Slot {
  readonly index: number;
  constructor(index: number) {
    this.index = index;
  }
}

interface Kept<R> {
  compiled: CompiledQuery<R>;
  /** for each bound parameter: the index of the value it takes, or null for a constant */
  slots: (number | null)[];
}

/**
 * A query whose shape never changes, built and compiled once per database handle, then run with
 * fresh values. Kysely's builder and compiler can cost more than the database's run of a wide query:
 * the order detail (seven subqueries, seventy columns) took 230 µs to build and compile, and SQLite
 * 100 µs to run it (issue 8). `build` gets a stand-in for each value; each must be bound exactly
 * once, as a scalar (not a list for `in`, whose length would change the statement).
 */
export function compiledOnce<A extends unknown[], R>(build: (db: Kysely<Database>, ...values: A) => Compilable<R>) {
  const kept = new WeakMap<Kysely<Database>, Kept<R>>();
  const compile = (db: Kysely<Database>, count: number): Kept<R> => {
    const stand = Array.from({ length: count }, (_, i) => new Slot(i)) as unknown as A;
    const compiled = build(db, ...stand).compile();
    const slots = compiled.parameters.map((p) => (p instanceof Slot ? p.index : null));
    const bound = slots.filter((s): s is number => s !== null).sort((a, b) => a - b);
    if (bound.length !== count || bound.some((s, i) => s !== i))
      throw new Error('compiledOnce: every value must be bound exactly once');
    return { compiled, slots };
  };
  return async (db: Kysely<Database>, ...values: A): Promise<R[]> => {
    let entry = kept.get(db);
    if (!entry) {
      entry = compile(db, values.length);
      kept.set(db, entry);
    }
    const { compiled, slots } = entry;
    const parameters = compiled.parameters.map((p, i) => {
      const slot = slots[i];
      return slot === null || slot === undefined ? p : values[slot];
    });
    return (await db.executeQuery<R>({ ...compiled, parameters })).rows;
  };
}
