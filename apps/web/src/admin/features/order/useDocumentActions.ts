import { type ApiEnvelope, type MailProvider, MSG, UPLOAD_FILE_FIELD } from '@eta/shared';
import { toast } from 'react-toastify';
import { type ApiError, isApiError, isUnauthorized, refusalOf, refused } from '../../../lib/apiError.ts';
import {
  useResendMailMutation,
  useRetryMailMutation,
  useSendRejectionMailMutation,
  useUploadVisaDocumentMutation,
} from './api.ts';

/**
 * Upload, resend, reject and send-again for one order, with SPEC §8's outcomes. Each call's tag
 * reloads the order on success (SPEC §4 "reloads the order details after success").
 */
export function useDocumentActions(orderId: string) {
  const [uploadCall, uploadState] = useUploadVisaDocumentMutation();
  const [resendCall, resendState] = useResendMailMutation();
  const [rejectCall, rejectState] = useSendRejectionMailMutation();
  const [retryCall, retryState] = useRetryMailMutation();

  /**
   * SPEC §8: upload and resend toast only on success ("otherwise nothing more is shown"); the
   * form shows the server's reason under itself, so the caller gets the refusal back (none on success).
   */
  const afterMail = (sending: Promise<ApiEnvelope>): Promise<ApiError | undefined> =>
    sending.then(
      (envelope) => void toast.success(envelope.message),
      (caught: unknown) => refusalOf(caught),
    );

  return {
    uploading: uploadState.isLoading,
    resending: resendState.isLoading,
    rejecting: rejectState.isLoading,
    retryingId: retryState.isLoading ? (retryState.originalArgs?.mailId ?? 0) : null,

    /** with `complete`, the order moves to Completed in the same change (DESIGN §23) */
    upload: (email: string, file: File, mailServiceProvider: MailProvider, complete = false) =>
      afterMail(
        uploadCall({
          orderId,
          email,
          mailServiceProvider,
          [UPLOAD_FILE_FIELD]: file,
          ...(complete ? { complete: 'true' as const } : {}),
        }).unwrap(),
      ),

    resend: (email: string, mailServiceProvider: MailProvider) =>
      afterMail(resendCall({ orderId, email, mailServiceProvider }).unwrap()),

    /** SPEC §8 reject mail: the server's message or SPEC's fallback texts, by outcome. */
    reject: async (email: string): Promise<boolean> => {
      try {
        const envelope = await rejectCall({ orderId, email }).unwrap();
        toast.success(envelope.message || MSG.rejectionSent);
        return true;
      } catch (caught) {
        // no reply (a typed kind), or something thrown: SPEC's error text
        if (!isApiError(caught) || caught.kind === 'network') toast.error(MSG.rejectionError);
        // A lost session was already told by the 401 handler.
        else if (!isUnauthorized(caught)) toast.error(caught.message || MSG.rejectionFailed);
        return false;
      }
    },

    /** A mail that finally failed (DESIGN §9), queued again with fresh attempts (a refusal is toasted by the base query). */
    retry: async (mailId: number) => {
      const envelope = await retryCall({ orderId, mailId }).unwrap().catch(refused);
      if (envelope) toast.success(envelope.message);
    },
  };
}
