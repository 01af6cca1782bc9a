import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import { useAnnounce } from '../../../components/LiveAnnouncer.tsx';
import { alsoViewing, describeChange } from './liveTexts.ts';
import type { OrderLive } from './useOrderLive.ts';
import './live.css';

/** "Also viewing: …" and the banner when someone else changed the open order (DESIGN §18). */
export function OrderLiveNotes({ live, me, onReload }: { live: OrderLive; me: string; onReload: () => void }) {
  const viewing = alsoViewing(live.others, me);
  const changed = live.changedBy ? `${describeChange(live.changedBy)} since you opened this order.` : null;
  // read out through the shell's one live region (DESIGN §24), not regions made with their text
  useAnnounce(viewing);
  useAnnounce(changed);
  return (
    <>
      {viewing && (
        <p className="live-viewers">
          <span className="live-dot" aria-hidden="true" />
          {viewing}
        </p>
      )}
      {live.changedBy && (
        <Alert variant="info" className="live-changed-banner d-flex align-items-center gap-2 py-2">
          <span className="me-auto">{changed}</span>
          <Button size="sm" variant="primary" onClick={onReload}>
            Reload
          </Button>
        </Alert>
      )}
    </>
  );
}
