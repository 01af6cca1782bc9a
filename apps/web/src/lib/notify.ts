import { API_STATUS, type ApiEnvelope, asksForReauth } from '@eta/shared';
import { toast } from 'react-toastify';

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
