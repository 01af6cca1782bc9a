import { DETAIL_MSG, DOCUMENT_MAX_BYTES, nulRefused, SERVER_MSG, UPLOAD_FILE_FIELD } from '@eta/shared';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../lib/app-error.ts';

/** The upload form as it arrived: text fields and the file's bytes, nothing checked yet. */
export interface UploadForm {
  fields: Record<string, string>;
  file: { bytes: Buffer; filename: string } | null;
}

const TEXT_FIELDS = new Set(['orderId', 'email', 'mailServiceProvider']);
/** One file of 10 MB at most (DESIGN §10), a few short text fields. */
const LIMITS = { fileSize: DOCUMENT_MAX_BYTES, files: 1, fields: 10, fieldSize: 1024, parts: 12 };

/**
 * Reads the multipart body of upload-visa-document. The file is buffered (10 MB at most: one byte
 * more and @fastify/multipart throws FST_REQ_FILE_TOO_LARGE, answered 413), so nothing touches the
 * disk before every check has passed. Unknown fields are refused (DESIGN §10).
 */
export async function readUploadForm(request: FastifyRequest): Promise<UploadForm> {
  try {
    return await readParts(request);
  } catch (error) {
    throw isMalformedBody(error) ? new AppError(400, SERVER_MSG.malformedMultipart) : error;
  }
}

/**
 * The multipart parser (@fastify/busboy) throws a plain Error naming multipart, with no HTTP code, when
 * the body is not valid multipart: no boundary ("Multipart: Boundary not found"), or the body ends
 * before the closing boundary ("Unexpected end of multipart data") (issue 20, finding 4). Our own
 * refusals (AppError) and Fastify's coded errors (413 file too large) keep their answer.
 */
const PARSER_FAILURE = /multipart|part header/i;

function isMalformedBody(error: unknown): boolean {
  if (!(error instanceof Error) || error instanceof AppError) return false;
  const coded = (error as { statusCode?: number; code?: string }).statusCode ?? (error as { code?: string }).code;
  return coded === undefined && PARSER_FAILURE.test(error.message);
}

async function readParts(request: FastifyRequest): Promise<UploadForm> {
  const form: UploadForm = { fields: {}, file: null };
  for await (const part of request.parts({ limits: LIMITS })) {
    if (part.type === 'file') {
      if (part.fieldname !== UPLOAD_FILE_FIELD) {
        part.file.resume();
        throw AppError.badRequest(DETAIL_MSG.uploadUnknownField, { [part.fieldname]: DETAIL_MSG.uploadUnknownField });
      }
      // The name is kept (original_name), and PostgreSQL refuses NUL in text: a 500 before (issue 31).
      if (part.filename.includes('\u0000')) {
        part.file.resume();
        throw AppError.badRequest(nulRefused(UPLOAD_FILE_FIELD), {
          [UPLOAD_FILE_FIELD]: nulRefused(UPLOAD_FILE_FIELD),
        });
      }
      const bytes = await part.toBuffer();
      // A file input left empty still sends a part: no name, no bytes.
      form.file = bytes.length > 0 ? { bytes, filename: part.filename } : null;
    } else if (TEXT_FIELDS.has(part.fieldname)) {
      form.fields[part.fieldname] = typeof part.value === 'string' ? part.value : String(part.value ?? '');
    } else if (part.fieldname !== UPLOAD_FILE_FIELD) {
      throw AppError.badRequest(DETAIL_MSG.uploadUnknownField, { [part.fieldname]: DETAIL_MSG.uploadUnknownField });
    }
  }
  return form;
}
