import { INBOUND_ATTACHMENT_MAX_BYTES } from '@eta/shared';
import type { Attachment } from 'mailparser';
import { FILE_FOLDER, type FileStore } from '../../lib/file-store.ts';
import { sniffFileType } from '../../lib/file-types.ts';

export interface KeptAttachment {
  name: string;
  contentType: string;
  size: number;
  fileName: string;
}

const MB = 1024 * 1024;

/** The name shown to staff: the sender's, without a path, bounded; never used to store the file. */
const displayName = (a: Attachment, i: number) =>
  (a.filename ?? `attachment-${i + 1}`)
    .replace(/^.*[\\/]/, '')
    .replace(/\p{Cc}/gu, '')
    .slice(0, 200) || `attachment-${i + 1}`;

/**
 * The attachments kept (DESIGN §25): PDF and images (JPEG, PNG, WebP) by their bytes, whatever they
 * claim, at most 10 MB each, stored under names the server chose. The others are refused by name
 * with the reason, in the message's outcome; the raw message keeps them, so nothing is lost.
 * Parts of a report (the returned message, the report fields) are not the customer's attachments.
 */
export async function keepAttachments(files: FileStore, attachments: readonly Attachment[]) {
  const kept: KeptAttachment[] = [];
  const refused: string[] = [];
  for (const [i, a] of attachments.entries()) {
    if (a.contentType.startsWith('message/') || a.contentType === 'text/rfc822-headers') continue;
    const name = displayName(a, i);
    if (a.size > INBOUND_ATTACHMENT_MAX_BYTES || a.content.length > INBOUND_ATTACHMENT_MAX_BYTES) {
      refused.push(`${name} (${Math.ceil(a.content.length / MB)} MB, over 10 MB)`);
      continue;
    }
    const type = sniffFileType(a.content);
    if (!type) {
      refused.push(`${name} (not a PDF or an image)`);
      continue;
    }
    const fileName = await files.put(FILE_FOLDER.inbound, type.ext, a.content);
    kept.push({ name, contentType: type.contentType, size: a.content.length, fileName });
  }
  return { kept, refused };
}
