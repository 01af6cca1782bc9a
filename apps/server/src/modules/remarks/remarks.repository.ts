import type { Insertable, Transaction } from 'kysely';
import { compiledPerShape } from '../../db/compiled.ts';
import type { Database, RemarksTable } from '../../db/schema.ts';

type RemarkRow = Insertable<RemarksTable>;

/** Built once per set of columns given (db/compiled.ts): the remark form always sends the same ones. */
const insertQuery = compiledPerShape(
  (columns: readonly string[]) => columns.join(','),
  (db, _columns, row: RemarkRow) => db.insertInto('remarks').values(row).returning('id'),
);

export async function insertRemark(db: Transaction<Database>, row: RemarkRow): Promise<number> {
  const given = Object.fromEntries(Object.entries(row).filter(([, v]) => v !== undefined)) as RemarkRow;
  const [inserted] = await insertQuery(db, Object.keys(given), given);
  if (!inserted) throw new Error('remark not inserted');
  return inserted.id;
}
