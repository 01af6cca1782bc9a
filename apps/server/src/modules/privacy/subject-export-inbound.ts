import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

/** A file of the file store's inbound folder and the name it has in the ZIP. */
export interface ExportedFile {
  store: string;
  as: string;
}

/**
 * Each inbound mail of an order with the attachments kept of it, and where its files go in the
 * subject export's ZIP (decisions/0332): the message as received (`mail-{id}.eml`, every part,
 * refused ones too) and each kept attachment. A removed mail or attachment has no file.
 */
export async function inboundWithFiles(
  db: Kysely<Database>,
  rows: { id: number; raw_file: string | null; removed_at: string | null }[],
) {
  const ids = rows.map((r) => r.id);
  const attachments =
    ids.length === 0
      ? []
      : await db
          .selectFrom('inbound_attachments')
          .select(['id', 'inbound_id', 'name', 'content_type', 'size', 'file_name', 'removed_at'])
          .where('inbound_id', 'in', ids)
          .orderBy('id')
          .execute();
  return rows.map(({ raw_file, ...mail }) => {
    const message: ExportedFile | null =
      raw_file && !mail.removed_at ? { store: raw_file, as: `mail-${mail.id}.eml` } : null;
    return {
      ...mail,
      message_file: message,
      attachments: attachments
        .filter((a) => a.inbound_id === mail.id)
        .map((a) => {
          const file: ExportedFile | null = a.removed_at
            ? null
            : { store: a.file_name, as: `mail-${mail.id}-attachment-${a.id}-${a.file_name}` };
          return { name: a.name, content_type: a.content_type, size: Number(a.size), removed_at: a.removed_at, file };
        }),
    };
  });
}

type InboundWithFiles = Awaited<ReturnType<typeof inboundWithFiles>>;

/** The mails as the person reads them in the JSON: each file named by where it is in the ZIP, never by the store. */
export function inboundAsShown(mails: InboundWithFiles) {
  return mails.map((m) => ({
    ...m,
    message_file: m.message_file?.as ?? null,
    attachments: m.attachments.map((a) => ({ ...a, file: a.file?.as ?? null })),
  }));
}
