import { DOCUMENT_REJECTED } from '@eta/shared';
import type { Insertable, Kysely, Transaction } from 'kysely';
import type { Database, DocumentsTable } from '../../db/schema.ts';

type Db = Kysely<Database> | Transaction<Database>;

export async function insertDocument(db: Db, row: Insertable<DocumentsTable>): Promise<number> {
  const inserted = await db.insertInto('documents').values(row).returning('id').executeTakeFirstOrThrow();
  return inserted.id;
}

/** The order's current document: the latest uploaded, rejected or not. */
export async function latestDocument(db: Db, orderDbId: number) {
  return db
    .selectFrom('documents')
    .select(['id', 'file1', 'is_rejected_doc', 'content_type', 'mail_service_provider'])
    .where('order_key', '=', orderDbId)
    .where('removed_at', 'is', null)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

export async function hasDocuments(db: Db, orderDbId: number): Promise<boolean> {
  const row = await db
    .selectFrom('documents')
    .select('id')
    .where('order_key', '=', orderDbId)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** Marks a document rejected unless it already is; true when this call did it. */
export async function markRejected(db: Db, documentId: number): Promise<boolean> {
  const result = await db
    .updateTable('documents')
    .set({ is_rejected_doc: DOCUMENT_REJECTED })
    .where('id', '=', documentId)
    .where('is_rejected_doc', '<>', DOCUMENT_REJECTED)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
