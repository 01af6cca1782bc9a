import { API_STATUS, type ApiEnvelope } from '@eta/shared';
import { readToken } from '../../../lib/session.ts';
import { WEB_TEXT } from '../../../lib/texts.ts';

/**
 * The envelope of a lazy query's answer. The base query never fails, so an answer without data was
 * cut short: by a sign-out (a 401 clears the session and the cached queries, and its handler has
 * already toasted the message, so this one stays quiet), or by a network failure.
 */
export async function resultOf<T>(
  pending: PromiseLike<{ data?: ApiEnvelope<T> | undefined }>,
): Promise<ApiEnvelope<T>> {
  const { data } = await pending;
  if (data) return data;
  if (readToken() === null) return { status: API_STATUS.unauthorized, message: '' };
  return { status: API_STATUS.fail, message: WEB_TEXT.networkError };
}
