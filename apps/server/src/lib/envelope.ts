import type { ApiEnvelope } from '@eta/shared';

export function ok<T>(message: string, data?: T, extra?: { total?: number }): ApiEnvelope<T> {
  const body: ApiEnvelope<T> = { status: 1, message };
  if (data !== undefined) body.data = data;
  if (extra?.total !== undefined) body.total = extra.total;
  return body;
}
