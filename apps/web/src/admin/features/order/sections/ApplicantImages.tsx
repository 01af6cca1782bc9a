import { can, formatUtcDate, type OrderDetail } from '@eta/shared';
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import Spinner from 'react-bootstrap/Spinner';
import { AppModal } from '../../../../components/AppModal.tsx';
import { DetailSection } from '../../../../components/DetailSection.tsx';
import { useAppSelector } from '../../../../store/index.ts';
import { ORDER_TEXT } from '../texts.ts';
import { useAuthedBlob } from '../useAuthedBlob.ts';

function OrderImage({
  label,
  showLabel,
  link,
  name,
  removed,
  allowed,
}: {
  label: string;
  /** the control that fetches it: "Show passport" */
  showLabel: string;
  link: string | null;
  name: string;
  /** DESIGN §16: when retention or an erasure deleted it, said where the image was */
  removed: string | null;
  /** the member's type holds images.view */
  allowed: boolean;
}) {
  // DESIGN §22: an image is fetched only when the member asks, so each view is one access-log row
  // and a plain look at the order reads no passport.
  const [asked, setAsked] = useState(false);
  const { url, loading, failed } = useAuthedBlob(asked ? link : null);
  const [zoom, setZoom] = useState(false);
  const alt = `${label} of ${name}`;
  let body = <span className="text-secondary small">{removed ?? ORDER_TEXT.noImage}</span>;
  if (link && !allowed) body = <span className="text-secondary small">{ORDER_TEXT.imageNotAllowed}</span>;
  else if (link && !asked) {
    body = (
      <Button variant="outline-primary" size="sm" onClick={() => setAsked(true)}>
        {showLabel}
      </Button>
    );
  } else if (loading) body = <Spinner animation="border" size="sm" role="status" aria-label={`Loading ${label}`} />;
  else if (failed) body = <span className="text-danger small">{ORDER_TEXT.imageFailed}</span>;
  else if (url) {
    body = (
      <button type="button" className="image-button" onClick={() => setZoom(true)} title={ORDER_TEXT.viewFullSize}>
        <img src={url} alt={alt} />
      </button>
    );
  }
  return (
    <figure className="order-image mb-0">
      <div className="order-image-frame">{body}</div>
      <figcaption className="small text-secondary mt-1">{label}</figcaption>
      {url && (
        <AppModal show={zoom} onHide={() => setZoom(false)} size="lg" centered aria-label={alt}>
          <Modal.Header closeButton>
            <Modal.Title className="h6">{alt}</Modal.Title>
          </Modal.Header>
          <Modal.Body className="text-center">
            <img src={url} alt={alt} className="order-image-full" />
          </Modal.Body>
          <Modal.Footer>
            <Button variant="outline-secondary" onClick={() => setZoom(false)}>
              {ORDER_TEXT.close}
            </Button>
          </Modal.Footer>
        </AppModal>
      )}
    </figure>
  );
}

/**
 * Section 4 of SPEC §2: the passport and the applicant's selfie, each behind its own "Show" control
 * (DESIGN §22) and fetched with the member's token once asked for.
 */
export function ApplicantImages({ order }: { order: OrderDetail }) {
  const role = useAppSelector((state) => state.auth.role);
  const allowed = can(role, 'images.view');
  const name = order.full_name || order.order_id;
  const at = order.data_removal.images_removed_at;
  const removed = at
    ? `Removed on ${formatUtcDate(at)} ${order.data_removal.reason === 'request' ? "at the applicant's request" : 'under the retention rule'}`
    : null;
  return (
    <DetailSection id="applicant-images" title="Applicant And Passport Image">
      <div className="order-images">
        <OrderImage
          label="Passport"
          showLabel={ORDER_TEXT.showPassport}
          allowed={allowed}
          link={order.images.passport ?? order.passport_image}
          name={name}
          removed={removed}
        />
        <OrderImage
          label="Selfie"
          showLabel={ORDER_TEXT.showSelfie}
          allowed={allowed}
          link={order.images.selfie ?? order.upload_image}
          name={name}
          removed={removed}
        />
      </div>
    </DetailSection>
  );
}
