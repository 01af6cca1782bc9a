import {
  type DefencePackType,
  DISPUTE_PROCESSORS,
  type DisputeProcessor,
  disputeLabel,
  PASSPORT_PACK_TYPE,
} from '@eta/shared';
import { useEffect, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import Spinner from 'react-bootstrap/Spinner';
import { AppModal } from '../../../components/AppModal.tsx';
import { Loading } from '../../../components/Loading.tsx';
import { fetchDefencePack, openPdf, PackTooLargeError, useGetDefenceLetterQuery } from './api.ts';
import { LetterView } from './LetterView.tsx';
import { DEFENCE_TEXT } from './texts.ts';
import './defence.css';

interface DefencePackModalProps {
  orderId: string;
  /** which pack the modal is open for; null: closed */
  type: DefencePackType | null;
  onHide: () => void;
}

/**
 * Defence Pack 1 and 2 (SPEC §2): the defence letter of SPEC §1 filled with the order's values, as
 * the server composed it for the PDF, and "Download PDF", which opens the pack in a new window.
 * SPEC §8: a failed pack is only logged, and the button comes back.
 */
export function DefencePackModal({ orderId, type, onHide }: DefencePackModalProps) {
  const show = type !== null;
  const [passportTicked, setPassportTicked] = useState(false);
  // Pack 2 (the short pack) has no passport option (DESIGN §22): a tick left from pack 1 never reaches it.
  const passportOffered = type === PASSPORT_PACK_TYPE;
  const includePassport = passportOffered && passportTicked;
  // Each opening starts with the passport left out: it goes in only when ticked for this pack.
  useEffect(() => {
    if (type !== null) setPassportTicked(false);
  }, [type]);
  const [profile, setProfile] = useState<DisputeProcessor | ''>('');
  const [refused, setRefused] = useState<string | null>(null);
  const letter = useGetDefenceLetterQuery(
    { orderId, type: type ?? 1, includePassport },
    { skip: !show, refetchOnMountOrArgChange: true },
  );
  const [loading, setLoading] = useState(false);
  // a refusal keeps an older success as its data: none is shown then
  const data = letter.error ? undefined : letter.data?.data;

  const download = async () => {
    if (type === null) return;
    setLoading(true);
    setRefused(null);
    try {
      openPdf(await fetchDefencePack(orderId, type, { includePassport, ...(profile ? { profile } : {}) }));
    } catch (error) {
      // A processor's limit is something the member can act on (another profile, no passport): said in
      // the modal. Any other failure is only logged (SPEC §8).
      if (error instanceof PackTooLargeError) setRefused(error.message);
      console.error(error);
    } finally {
      setLoading(false);
    }
  };

  const choices = data && (
    <div className="defence-choices d-flex flex-wrap gap-3 align-items-end mb-3">
      <Form.Group controlId="defence-profile">
        <Form.Label className="small mb-1">{DEFENCE_TEXT.profile}</Form.Label>
        <Form.Select size="sm" value={profile} onChange={(e) => setProfile(e.target.value as DisputeProcessor | '')}>
          <option value="">{DEFENCE_TEXT.profileDefault(disputeLabel(data.profile))}</option>
          {DISPUTE_PROCESSORS.filter((p) => p !== data.profile).map((p) => (
            <option key={p} value={p}>
              {disputeLabel(p)}
            </option>
          ))}
        </Form.Select>
      </Form.Group>
      {passportOffered && (
        <Form.Group controlId="defence-passport">
          <Form.Check
            type="checkbox"
            label={DEFENCE_TEXT.includePassport}
            checked={includePassport}
            onChange={(e) => setPassportTicked(e.target.checked)}
            aria-describedby="defence-passport-help"
          />
          <Form.Text id="defence-passport-help" className="d-block">
            {DEFENCE_TEXT.includePassportHelp}
          </Form.Text>
        </Form.Group>
      )}
    </div>
  );

  let body = <Loading />;
  if (letter.error) body = <Alert variant="danger">{letter.error.message}</Alert>;
  else if (data && !letter.isFetching) {
    body = (
      <>
        <p className="text-secondary small">{DEFENCE_TEXT.packIntro(data.packType)}</p>
        {choices}
        {refused && <Alert variant="danger">{refused}</Alert>}
        {data.missing.some((m) => m !== 'businessEmail') && <Alert variant="warning">{DEFENCE_TEXT.missing}</Alert>}
        {data.missing.includes('businessEmail') && <Alert variant="warning">{DEFENCE_TEXT.noBusinessEmail}</Alert>}
        <LetterView letter={data} />
      </>
    );
  }

  return (
    <AppModal show={show} onHide={onHide} aria-labelledby="defence-pack-title" scrollable>
      <Modal.Header closeButton>
        <Modal.Title id="defence-pack-title" className="h5">
          {type ? DEFENCE_TEXT.packTitle(type) : ''}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body className="bg-light">{body}</Modal.Body>
      <Modal.Footer>
        <Button variant="outline-secondary" onClick={onHide}>
          {DEFENCE_TEXT.close}
        </Button>
        <Button variant="primary" onClick={() => void download()} disabled={loading || !data}>
          {loading ? (
            <>
              <Spinner animation="border" size="sm" aria-hidden="true" className="me-2" />
              {DEFENCE_TEXT.preparing}
            </>
          ) : (
            DEFENCE_TEXT.download
          )}
        </Button>
      </Modal.Footer>
    </AppModal>
  );
}
