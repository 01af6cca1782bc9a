import { SERVER_MSG } from '@eta/shared';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from '../lib/app-error.ts';
import { DATABASE_RETRY_AFTER_SECONDS, isDatabaseUnavailable } from '../lib/database-unavailable.ts';
import { boundedFieldErrors, issueFields } from '../lib/field-errors.ts';
import { StorageUnavailableError } from '../lib/file-store.ts';
import { NOT_FOUND_PAGE, wantsPage } from './not-found-page.ts';

interface ValidationIssue {
  instancePath: string;
  message?: string | undefined;
  keyword?: string;
  params?: Record<string, unknown>;
}

/**
 * Field → message from a schema failure; the field is the path inside the body (or query, params).
 * An unknown key is named itself (zod reports it on the object holding it), so the caller sees which;
 * at most 20 fields (lib/field-errors.ts).
 */
function fieldErrors(validation: readonly ValidationIssue[]) {
  const issues = validation.map((issue) => {
    const unknownKeys = issue.keyword === 'unrecognized_keys' ? issue.params?.keys : undefined;
    return {
      at: issue.instancePath.replace(/^\//, '').replace(/\//g, '.'),
      unknownKeys: Array.isArray(unknownKeys) ? unknownKeys : undefined,
      message: issue.message,
    };
  });
  return boundedFieldErrors(issueFields(issues));
}

/** A 400's `data.errors` however it was made (a service, a route reading its own input): 20 fields at most. */
function boundedData(data: unknown): unknown {
  const errors = (data as { errors?: unknown } | undefined)?.errors;
  if (!errors || typeof errors !== 'object') return data;
  return { ...(data as object), errors: boundedFieldErrors(Object.entries(errors as Record<string, string>)) };
}

/** Fastify's own errors, mapped to honest codes and plain messages (DESIGN §5). */
const FASTIFY_CODES: Record<string, { http: number; message: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { http: 400, message: SERVER_MSG.invalidJson },
  FST_ERR_CTP_EMPTY_JSON_BODY: { http: 400, message: SERVER_MSG.invalidJson },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { http: 415, message: SERVER_MSG.unsupportedMediaType },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { http: 400, message: SERVER_MSG.invalidBody },
  FST_ERR_CTP_BODY_TOO_LARGE: { http: 413, message: SERVER_MSG.payloadTooLarge },
  FST_REQ_FILE_TOO_LARGE: { http: 413, message: SERVER_MSG.payloadTooLarge },
  FST_INVALID_MULTIPART_CONTENT_TYPE: { http: 415, message: SERVER_MSG.unsupportedMediaType },
};

/**
 * Every error leaves as the envelope `{ status, message, data? }`: status 401 for a missing or dead
 * session, 0 otherwise. Never a stack trace; a 5xx carries only the request id.
 */
export function registerErrorEnvelope(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      const status = error.httpStatus === 401 ? 401 : 0;
      const data = error.httpStatus === 400 ? boundedData(error.data) : error.data;
      return reply.code(error.httpStatus).send({ status, message: error.message, data });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors = fieldErrors(error.validation);
      const first = Object.values(errors)[0] ?? SERVER_MSG.invalidBody;
      return reply.code(400).send({ status: 0, message: first, data: { errors } });
    }
    if (error.validation) {
      return reply
        .code(400)
        .send({ status: 0, message: SERVER_MSG.invalidBody, data: { errors: fieldErrors(error.validation) } });
    }
    const known = error.code ? FASTIFY_CODES[error.code] : undefined;
    if (known) return reply.code(known.http).send({ status: 0, message: known.message });
    if (error.statusCode === 429) {
      return reply.code(429).send({ status: 0, message: error.message || SERVER_MSG.tooManyRequests });
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      request.log.info({ code: error.code }, 'client error');
      return reply.code(error.statusCode).send({ status: 0, message: SERVER_MSG.invalidBody });
    }
    if (error instanceof StorageUnavailableError) {
      request.log.error({ err: error }, 'file storage unavailable');
      return reply
        .code(503)
        .header('Retry-After', '5')
        .send({ status: 0, message: SERVER_MSG.storageUnavailable, data: { requestId: request.id } });
    }
    if (isDatabaseUnavailable(error)) {
      // DESIGN §22: a restart or failover; the pool reconnects by itself, so the client is told when to retry
      request.log.warn({ err: error }, 'database unavailable');
      return reply
        .code(503)
        .header('Retry-After', String(DATABASE_RETRY_AFTER_SECONDS))
        .send({ status: 0, message: SERVER_MSG.databaseUnavailable, data: { requestId: request.id } });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send({ status: 0, message: SERVER_MSG.internal, data: { requestId: request.id } });
  });

  app.setNotFoundHandler((request, reply) => {
    if (wantsPage(request)) return reply.code(404).type('text/html; charset=utf-8').send(NOT_FOUND_PAGE);
    return reply.code(404).send({ status: 0, message: SERVER_MSG.notFound });
  });
}
