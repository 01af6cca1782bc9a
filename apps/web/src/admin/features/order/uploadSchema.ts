import { DETAIL_MSG, DOCUMENT_ACCEPT, DOCUMENT_MAX_BYTES, MSG, mailToSchema } from '@eta/shared';
import { z } from 'zod';

const ACCEPTED = DOCUMENT_ACCEPT.split(',');

/**
 * SPEC §5: the file is required ('File is required'). Size and type are checked here too, so a
 * member learns before a 10 MB upload what the server would refuse; the server still checks the bytes.
 */
const fileField = z.unknown().superRefine((value, ctx) => {
  const file = value instanceof FileList ? value.item(0) : null;
  if (!file) ctx.addIssue({ code: 'custom', message: MSG.fileRequired });
  else if (file.size > DOCUMENT_MAX_BYTES) ctx.addIssue({ code: 'custom', message: DETAIL_MSG.documentTooLarge });
  // Some systems give no type for a file: the server's check of the bytes decides then.
  else if (file.type && !ACCEPTED.includes(file.type))
    ctx.addIssue({ code: 'custom', message: DETAIL_MSG.documentType });
});

/** Resend needs only the address (SPEC §5 'Please enter your email'). */
export const resendForm = z.object({ email: mailToSchema, file: z.unknown() });
/** Upload needs the address and the file. */
export const uploadForm = z.object({ email: mailToSchema, file: fileField });

export interface DocumentFormValues {
  email: string;
  file: FileList | undefined;
}

/** The multipart field names the server reports errors under, mapped to this form's fields. */
export const SERVER_FIELD: Readonly<Record<string, keyof DocumentFormValues>> = {
  email: 'email',
  uploadVisaDoc: 'file',
};
