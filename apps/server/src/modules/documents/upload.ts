import {
  DETAIL_CONTRACTS as DETAIL,
  DETAIL_MSG,
  DOCUMENT_MAX_BYTES,
  nulRefused,
  SERVER_MSG,
  UPLOAD_FILE_FIELD,
  type UploadFormFields,
  uploadFormFieldsSchema,
} from '@eta/shared';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../lib/app-error.ts';
import { parseInput } from '../../lib/parse-input.ts';

/** The uploaded file: its bytes (buffered, 10 MB at most) and the name it was sent under. */
export interface UploadedFile {
  bytes: Buffer;
  filename: string;
}

/** The upload form as it arrived: text fields and the file's bytes, nothing checked yet. */
interface UploadForm {
  fields: Record<string, string>;
  file: UploadedFile | null;
}

/** The contract's text fields; any other part is refused as it arrives, before a file is buffered. */
const TEXT_FIELDS = new Set(Object.keys(uploadFormFieldsSchema.shape));
/** One file of 10 MB at most (DESIGN §10), a few short text fields. */
const LIMITS = { fileSize: DOCUMENT_MAX_BYTES, files: 1, fields: 10, fieldSize: 1024, parts: 12 };

/**
 * Reads the multipart body of upload-visa-document and validates it through the contract's `form`,
 * as every route's input is (lib/parse-input.ts: the same 400 envelope, field → message). The file is
 * buffered (10 MB at most: one byte more and @fastify/multipart throws FST_REQ_FILE_TOO_LARGE,
 * answered 413), so nothing touches the disk before every check has passed. Unknown fields are
 * refused (DESIGN §10).
 */
export async function readUpload(request: FastifyRequest): Promise<{ fields: UploadFormFields; file: UploadedFile }> {
  const { fields, file } = await readUploadForm(request);
  const sent = file ? { ...fields, [UPLOAD_FILE_FIELD]: new File([file.bytes], file.filename) } : fields;
  // The File is the form schema's to check; the service keeps the bytes already read.
  const { [UPLOAD_FILE_FIELD]: _checked, ...valid } = parseInput(DETAIL.upload.form, sent);
  // The form schema refuses a form without the file (MSG.fileRequired), so `file` is set here.
  return { fields: valid, file: file as UploadedFile };
}

async function readUploadForm(request: FastifyRequest): Promise<UploadForm> {
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
