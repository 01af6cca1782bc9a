import { SERVER_MSG } from '@eta/shared';
import type { z } from 'zod';
import { AppError } from './app-error.ts';

/**
 * Parses input a route reads itself (a body verified before it is parsed: the dispute webhooks) with
 * the same answer a route schema gives: 400, the first field's message, and field → message in
 * `data.errors` (an unknown key named itself, as plugins/errors.ts does).
 */
export function parseInput<S extends z.ZodType>(schema: S, value: unknown, prefix = ''): z.output<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const at = [prefix, ...issue.path.map(String)].filter(Boolean).join('.');
    const keys = issue.code === 'unrecognized_keys' ? issue.keys.map((k) => (at ? `${at}.${k}` : k)) : [at];
    for (const key of keys) errors[key || '_'] ??= issue.message;
  }
  throw AppError.badRequest(Object.values(errors)[0] ?? SERVER_MSG.invalidBody, errors);
}

/** The JSON of a raw body, or 400 as Fastify's own parser answers malformed JSON. */
export function parseJson(raw: Buffer): unknown {
  try {
    return JSON.parse(raw.toString('utf8'));
  } catch {
    throw AppError.badRequest(SERVER_MSG.invalidJson);
  }
}
