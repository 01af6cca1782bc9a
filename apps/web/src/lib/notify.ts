import { API_STATUS, type ApiEnvelope, asksForReauth } from '@eta/shared';
import { toast } from 'react-toastify';
import { type ApiError, isHandledElsewhere } from './apiError.ts';

/** SPEC §8: status 1 is a success toast with the server message; anything else an error toast. */
export function notify(envelope: ApiEnvelope): boolean {
  const ok = envelope.status === API_STATUS.ok;
  if (envelope.status === API_STATUS.unauthorized) return false; // the 401 handler already toasted
  // the member cancelled "confirm it is you" (lib/api.ts): they know, and nothing changed
  if (asksForReauth(envelope)) return false;
  if (ok) toast.success(envelope.message);
  else toast.error(envelope.message);
  return ok;
}

/**
 * SPEC §8's error toast for a refusal (RTK Query's error channel): the server's message, or the
 * network's; nothing for a 401 (its handler toasted) or a "confirm it is you" the member cancelled.
 */
export function notifyRefusal(error: ApiError): void {
  if (!isHandledElsewhere(error)) toast.error(error.message);
}
