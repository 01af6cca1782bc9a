import { API_STATUS, type ApiEnvelope } from '@eta/shared';
import { type ApiError, refusalOf } from '../../../lib/apiError.ts';
import { readToken } from '../../../lib/session.ts';
import { WEB_TEXT } from '../../../lib/texts.ts';

/**
 * A lazy query's answer: its success envelope, or a rejection with the refusal's `ApiError` (RTK
 * Query's error channel; a refusal's `data` may be an older success, so the error is read first).
 * An answer with neither was cut short: by a sign-out (a 401 clears the session and the cached
 * queries, and its handler has already toasted the message, so this refusal is a quiet 401), or
 * by a network failure.
 */
export async function resultOf<T>(
  pending: PromiseLike<{ data?: ApiEnvelope<T> | undefined; error?: unknown }>,
): Promise<ApiEnvelope<T>> {
  const { data, error } = await pending;
  if (error !== undefined) throw refusalOf(error);
  if (data) return data;
  const cutShort: ApiError =
    readToken() === null
      ? { kind: 'refused', status: API_STATUS.unauthorized, httpStatus: 401, message: '' }
      : { kind: 'network', status: API_STATUS.fail, httpStatus: 0, message: WEB_TEXT.networkError };
  throw cutShort;
}

/** A load's outcome as a screen tells it: the success envelope, or the refusal. */
export type Answer<T> = { envelope: ApiEnvelope<T>; refusal?: undefined } | { envelope?: undefined; refusal: ApiError };

/** `resultOf`'s promise settled into an `Answer` (anything but a refusal is thrown on). */
export function answerOf<T>(loading: Promise<ApiEnvelope<T>>): Promise<Answer<T>> {
  return loading.then(
    (envelope) => ({ envelope }),
    (caught: unknown) => ({ refusal: refusalOf(caught) }),
  );
}
