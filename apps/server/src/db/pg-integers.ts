import pg from 'pg';

/** PostgreSQL's type id of int8 (bigint): count(*), sum() of integers, row_number(), bigserial ids */
const INT8 = pg.types.builtins.INT8;

/**
 * node-postgres hands int8 over as text, since it may exceed what a JavaScript number holds exactly;
 * int2 and int4 it already gives as numbers, and SQLite gives every integer as one. Our int8 values
 * are counts, sums of cents and the bigserial ids of the personal-data logs (060, 061): none comes
 * near 2^53. Parsed here, once, every integer reaches the code as a number on both databases and no
 * query converts its ids or counts (decision 0355). A value past 2^53 fails the query instead of
 * arriving rounded. numeric (sum of an int8, avg) stays text: it is not an integer.
 */
export function parseInt8(text: string): number {
  const value = Number(text);
  if (!Number.isSafeInteger(value)) throw new RangeError(`int8 ${text} is beyond a JavaScript number's exact range`);
  return value;
}

/** The pool's type parsers: pg's own, except int8. Given to the pool, not set process-wide. */
export const pgTypes: pg.CustomTypesConfig = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === INT8 && format !== 'binary'
      ? parseInt8
      : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
};
