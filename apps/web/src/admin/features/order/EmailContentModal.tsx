import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import Tab from 'react-bootstrap/Tab';
import Tabs from 'react-bootstrap/Tabs';
import { AppModal } from '../../../components/AppModal.tsx';
import { Loading } from '../../../components/Loading.tsx';
import { useGetEmailContentQuery } from './api.ts';
import { ORDER_TEXT } from './texts.ts';

interface EmailContentModalProps {
  orderId: string;
  show: boolean;
  onHide: () => void;
}

/**
 * "View Email Content" (SPEC §2, DESIGN §9): the approval mail as it would be sent now. The HTML is
 * rendered in a sandboxed frame with no permissions, so nothing in it can run script, submit forms,
 * open windows or reach this page.
 */
export function EmailContentModal({ orderId, show, onHide }: EmailContentModalProps) {
  const content = useGetEmailContentQuery(orderId, { skip: !show, refetchOnMountOrArgChange: true });
  // a refusal keeps an older success as its data: none is shown then
  const mail = content.error ? undefined : content.data?.data;

  let body = <Loading />;
  if (content.error) body = <Alert variant="danger">{content.error.message}</Alert>;
  else if (mail && !content.isFetching) {
    body = (
      <>
        <p className="mb-3">
          <span className="text-secondary">{ORDER_TEXT.subject}: </span>
          <span className="fw-semibold" data-testid="email-subject">
            {mail.subject}
          </span>
        </p>
        <Tabs defaultActiveKey="preview" id="email-content-tabs" className="mb-3">
          <Tab eventKey="preview" title={ORDER_TEXT.previewTab}>
            <iframe
              title={`${ORDER_TEXT.emailContentTitle}: ${mail.subject}`}
              className="email-frame"
              sandbox=""
              referrerPolicy="no-referrer"
              srcDoc={mail.html}
            />
          </Tab>
          <Tab eventKey="text" title={ORDER_TEXT.textTab}>
            <pre className="email-text">{mail.text}</pre>
          </Tab>
        </Tabs>
      </>
    );
  }

  return (
    <AppModal show={show} onHide={onHide} aria-labelledby="email-content-title" scrollable>
      <Modal.Header closeButton>
        <Modal.Title id="email-content-title" className="h5">
          {ORDER_TEXT.emailContentTitle}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>{body}</Modal.Body>
      <Modal.Footer>
        <Button variant="outline-secondary" onClick={onHide}>
          {ORDER_TEXT.close}
        </Button>
      </Modal.Footer>
    </AppModal>
  );
}
