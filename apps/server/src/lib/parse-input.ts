import { SERVER_MSG } from '@eta/shared';
import type { z } from 'zod';
import { AppError } from './app-error.ts';
import { boundedFieldErrors, issueFields } from './field-errors.ts';
import { inspectInput, jsonText } from './input-guard.ts';

/**
 * Parses input a route reads itself (a body verified before it is parsed: the dispute webhooks) with
 * the same answer a route schema gives: first the checks every route's input has (lib/input-guard.ts:
 * too many fields, NUL), then 400, the first field's message, and field → message in `data.errors`
 * (an unknown key named itself, at most 20 fields, as plugins/errors.ts does).
 */
export function parseInput<S extends z.ZodType>(schema: S, value: unknown, prefix = ''): z.output<S> {
  inspectInput(value);
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issues = result.error.issues.map((issue) => ({
    at: [prefix, ...issue.path.map(String)].filter(Boolean).join('.'),
    unknownKeys: issue.code === 'unrecognized_keys' ? issue.keys : undefined,
    message: issue.message,
  }));
  const errors = boundedFieldErrors(issueFields(issues));
  throw AppError.badRequest(Object.values(errors)[0] ?? SERVER_MSG.invalidBody, errors);
}

/** The JSON of a raw body, or 400 as the routes' own parser answers (malformed JSON, not UTF-8, too many fields). */
export function parseJson(raw: Buffer): unknown {
  const text = jsonText(raw);
  try {
    return JSON.parse(text);
  } catch {
    throw AppError.badRequest(SERVER_MSG.invalidJson);
  }
}
