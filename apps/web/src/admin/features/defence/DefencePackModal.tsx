import { API_STATUS, type DefencePackType } from '@eta/shared';
import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import Spinner from 'react-bootstrap/Spinner';
import { AppModal } from '../../../components/AppModal.tsx';
import { Loading } from '../../../components/Loading.tsx';
import { fetchDefencePack, openPdf, useGetDefenceLetterQuery } from './api.ts';
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
  const letter = useGetDefenceLetterQuery(
    { orderId, type: type ?? 1 },
    { skip: !show, refetchOnMountOrArgChange: true },
  );
  const [loading, setLoading] = useState(false);
  const envelope = letter.data;
  const data = envelope?.status === API_STATUS.ok ? envelope.data : undefined;

  const download = async () => {
    if (type === null) return;
    setLoading(true);
    try {
      openPdf(await fetchDefencePack(orderId, type));
    } catch (error) {
      console.error(error);
    } finally {
      setLoading(false);
    }
  };

  let body = <Loading />;
  if (envelope && !data) body = <Alert variant="danger">{envelope.message}</Alert>;
  else if (data && !letter.isFetching) {
    body = (
      <>
        <p className="text-secondary small">{DEFENCE_TEXT.packIntro(data.packType)}</p>
        {data.missing.length > 0 && <Alert variant="warning">{DEFENCE_TEXT.missing}</Alert>}
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
