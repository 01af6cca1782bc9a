import { API_STATUS, type ApiEnvelope } from '@eta/shared';
import { WEB_TEXT } from '../../../lib/texts.ts';

/** The envelope of a lazy query's answer; the base query never fails, but the type allows it. */
export async function resultOf<T>(pending: PromiseLike<{ data?: ApiEnvelope<T> | undefined }>) {
  const { data } = await pending;
  return data ?? { status: API_STATUS.fail, message: WEB_TEXT.networkError };
}
