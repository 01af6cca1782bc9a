import { API_STATUS, type ApiEnvelope, type MailProvider, MSG, UPLOAD_FILE_FIELD } from '@eta/shared';
import { toast } from 'react-toastify';
import { isCallFailure } from '../../../lib/api.ts';
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
   * form shows the server's reason under itself, so the caller gets the envelope back.
   */
  const afterMail = (envelope: ApiEnvelope): ApiEnvelope => {
    if (envelope.status === API_STATUS.ok) toast.success(envelope.message);
    return envelope;
  };

  return {
    uploading: uploadState.isLoading,
    resending: resendState.isLoading,
    rejecting: rejectState.isLoading,
    retryingId: retryState.isLoading ? (retryState.originalArgs?.mailId ?? 0) : null,

    upload: async (email: string, file: File, mailServiceProvider: MailProvider) =>
      afterMail(await uploadCall({ orderId, email, mailServiceProvider, [UPLOAD_FILE_FIELD]: file }).unwrap()),

    resend: async (email: string, mailServiceProvider: MailProvider) =>
      afterMail(await resendCall({ orderId, email, mailServiceProvider }).unwrap()),

    /** SPEC §8 reject mail: the server's message or SPEC's fallback texts, by outcome. */
    reject: async (email: string): Promise<boolean> => {
      try {
        const envelope = await rejectCall({ orderId, email }).unwrap();
        if (isCallFailure(envelope)) {
          toast.error(MSG.rejectionError);
          return false;
        }
        if (envelope.status === API_STATUS.ok) {
          toast.success(envelope.message || MSG.rejectionSent);
          return true;
        }
        // A lost session was already told by the 401 handler.
        if (envelope.status !== API_STATUS.unauthorized) toast.error(envelope.message || MSG.rejectionFailed);
        return false;
      } catch {
        toast.error(MSG.rejectionError);
        return false;
      }
    },

    /** A mail that finally failed (DESIGN §9), queued again with fresh attempts. */
    retry: async (mailId: number) => {
      const envelope = await retryCall({ orderId, mailId }).unwrap();
      if (envelope.status === API_STATUS.ok) toast.success(envelope.message);
      else if (envelope.status !== API_STATUS.unauthorized) toast.error(envelope.message);
    },
  };
}
