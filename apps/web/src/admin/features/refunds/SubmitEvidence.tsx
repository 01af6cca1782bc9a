import { type DisputeRecord, type EvidenceReply, evidenceFieldLabel, evidenceSentText } from '@eta/shared';
import { useId, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import { type ApiError, shownRefusal } from '../../../lib/apiError.ts';
import { notify } from '../../../lib/notify.ts';
import { useFeatureOn } from '../../../store/features.ts';
import { useDisputeEvidenceMutation } from './api.ts';

// The refusal's own message (RTK Query's error channel carries it at the top: lib/apiError.ts).
const messageOf = (error: unknown) => shownRefusal(error as ApiError);

/**
 * "Submit evidence" on a Stripe dispute (DESIGN §26): the evidence built from the order is first
 * staged at Stripe and shown here to review, field by field; "Send to Stripe" then submits it.
 * Hidden while Stripe is not connected here, and once submitted or accepted; past the deadline the
 * server refuses (409) and says so.
 */
export function SubmitEvidence({ dispute, locked }: { dispute: DisputeRecord; locked: boolean }) {
  const [send, state] = useDisputeEvidenceMutation();
  const [review, setReview] = useState<EvidenceReply | null>(null);
  const [error, setError] = useState<string | null>(null);
  const titleId = useId();
  // with Stripe not connected here the evidence goes from Stripe's dashboard
  const stripe = useFeatureOn('stripe');
  if (!stripe || dispute.processor !== 'stripe' || dispute.evidence_submitted_at || dispute.accepted_at) return null;

  const stage = async () => {
    setError(null);
    const result = await send({ id: dispute.id, submit: false });
    if ('error' in result) setError(messageOf(result.error));
    else if (result.data?.data) setReview(result.data.data);
  };
  const submit = async () => {
    const result = await send({ id: dispute.id, submit: true });
    if ('error' in result) setError(messageOf(result.error));
    else {
      setReview(null);
      // says what Stripe now has, in the review's words (the files once each, not their field ids)
      const sent = result.data?.data;
      if (result.data && sent) {
        const files = sent.files.map((file) => file.field);
        const fields = Object.keys(sent.fields).filter((field) => !files.includes(field));
        notify({ ...result.data, message: evidenceSentText(fields, files) });
      }
    }
  };
  // a file's field carries its upload's id: shown once, with its name, under Files
  const fileFields = new Set(review?.files.map((file) => file.field));
  const fields = Object.entries(review?.fields ?? {}).filter(([field]) => !fileFields.has(field));

  return (
    <>
      <Button size="sm" variant="outline-success" disabled={locked || state.isLoading} onClick={() => void stage()}>
        Submit evidence
      </Button>
      {error && !review && (
        <Alert variant="danger" className="small py-1 px-2 mb-0">
          {error}
        </Alert>
      )}
      <Modal show={review !== null} onHide={() => setReview(null)} size="lg" aria-labelledby={titleId}>
        <Modal.Header closeButton>
          <Modal.Title as="h2" className="h5" id={titleId}>
            Evidence staged at Stripe: review, then send
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          {error && <Alert variant="danger">{error}</Alert>}
          <dl className="small mb-0">
            {fields.map(([field, value]) => (
              <div key={field} className="mb-2">
                <dt>{evidenceFieldLabel(field)}</dt>
                <dd className="mb-0 text-break" style={{ whiteSpace: 'pre-wrap' }}>
                  {value}
                </dd>
              </div>
            ))}
          </dl>
          {review && review.files.length > 0 && (
            <>
              <h3 className="h6 mt-3">Files</h3>
              <ul className="small mb-0 ps-3">
                {review.files.map((file) => (
                  <li key={file.file_id} className="text-break">
                    {evidenceFieldLabel(file.field)}: {file.filename}
                  </li>
                ))}
              </ul>
            </>
          )}
          {review?.enhanced && <div className="small mt-2">Visa Compelling Evidence 3.0 included.</div>}
        </Modal.Body>
        <Modal.Footer>
          <Button variant="secondary" onClick={() => setReview(null)}>
            Not now
          </Button>
          <Button variant="success" disabled={state.isLoading} onClick={() => void submit()}>
            Send to Stripe
          </Button>
        </Modal.Footer>
      </Modal>
    </>
  );
}
