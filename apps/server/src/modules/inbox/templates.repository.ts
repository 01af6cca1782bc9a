import type { MailTemplateInput, MailTemplateRecord } from '@eta/shared';
import type { Kysely, Selectable, Transaction } from 'kysely';
import type { Database, MailTemplatesTable } from '../../db/schema.ts';

type Db = Kysely<Database> | Transaction<Database>;

const recordOf = (row: Selectable<MailTemplatesTable>): MailTemplateRecord => ({
  id: row.id,
  name: row.name,
  subject: row.subject,
  body: row.body,
  folders: JSON.parse(row.folders) as string[],
  public_note: row.public_note,
  updated_at: row.updated_at,
});

const columnsOf = (input: MailTemplateInput) => ({
  name: input.name,
  subject: input.subject,
  body: input.body,
  folders: JSON.stringify(input.folders),
  public_note: input.publicNote?.trim() || null,
});

export async function listTemplates(db: Db): Promise<MailTemplateRecord[]> {
  const rows = await db.selectFrom('mail_templates').selectAll().orderBy('name').orderBy('id').execute();
  return rows.map(recordOf);
}

export async function findTemplate(db: Db, id: number): Promise<MailTemplateRecord | null> {
  const row = await db.selectFrom('mail_templates').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? recordOf(row) : null;
}

export async function insertTemplate(
  db: Db,
  input: MailTemplateInput,
  by: number,
  at: string,
): Promise<MailTemplateRecord> {
  const row = await db
    .insertInto('mail_templates')
    .values({ ...columnsOf(input), created_by: by, created_at: at, updated_at: at })
    .returningAll()
    .executeTakeFirstOrThrow();
  return recordOf(row);
}

export async function updateTemplate(
  db: Db,
  id: number,
  input: MailTemplateInput,
  at: string,
): Promise<MailTemplateRecord | null> {
  const row = await db
    .updateTable('mail_templates')
    .set({ ...columnsOf(input), updated_at: at })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
  return row ? recordOf(row) : null;
}

export async function deleteTemplate(db: Db, id: number): Promise<boolean> {
  const done = await db.deleteFrom('mail_templates').where('id', '=', id).executeTakeFirst();
  return Number(done.numDeletedRows) === 1;
}
