import type { ApiEnvelope } from '@eta/shared';

/** The success envelope; without data its type says so, so a contract without data accepts it. */
export function ok<T = undefined>(message: string, data?: T, extra?: { total?: number }): ApiEnvelope<T> {
  const body: ApiEnvelope<T> = { status: 1, message };
  if (data !== undefined) body.data = data;
  if (extra?.total !== undefined) body.total = extra.total;
  return body;
}
