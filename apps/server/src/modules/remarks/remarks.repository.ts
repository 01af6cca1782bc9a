import type { Insertable, Transaction } from 'kysely';
import type { Database, RemarksTable } from '../../db/schema.ts';

export async function insertRemark(db: Transaction<Database>, row: Insertable<RemarksTable>): Promise<number> {
  const inserted = await db.insertInto('remarks').values(row).returning('id').executeTakeFirstOrThrow();
  return Number(inserted.id);
}
