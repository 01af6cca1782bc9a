import { ADMIN_ROUTE } from '@eta/shared';
import Modal from 'react-bootstrap/Modal';
import { Link } from 'react-router';
import { AppModal } from '../../../components/AppModal.tsx';
import { KEY_GROUPS } from './keymap.ts';
import './keys.css';

/** The shortcut sheet (DESIGN §23, `?`): every key, where it works; loaded only when asked for. */
export function ShortcutSheet({ onClose, singleKeys }: { onClose: () => void; singleKeys: boolean }) {
  return (
    <AppModal show onHide={onClose} size="lg" aria-labelledby="shortcut-sheet-title">
      <Modal.Header closeButton>
        <Modal.Title id="shortcut-sheet-title">Keyboard shortcuts</Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <p className="small text-secondary">
          Keys never act while you type in a field.{' '}
          {singleKeys ? 'Single-key shortcuts are on' : 'Single-key shortcuts are off'}: change it on your{' '}
          <Link to={ADMIN_ROUTE.account} onClick={onClose}>
            Account
          </Link>{' '}
          page.
        </p>
        <div className="shortcut-groups">
          {KEY_GROUPS.map((group) => (
            <section key={group.title} aria-labelledby={`keys-${group.title}`}>
              <h3 className="h6" id={`keys-${group.title}`}>
                {group.title}
              </h3>
              <dl className="shortcut-list">
                {group.entries.map((entry) => (
                  <div key={entry.does + entry.keys.join()} className="shortcut-row">
                    <dt>
                      {entry.keys.map((key, i) => (
                        <span key={key}>
                          {i > 0 && <span className="shortcut-then">{entry.keys[0] === 'g' ? ' then ' : ' + '}</span>}
                          <kbd>{key}</kbd>
                        </span>
                      ))}
                    </dt>
                    <dd>{entry.does}</dd>
                  </div>
                ))}
              </dl>
            </section>
          ))}
        </div>
      </Modal.Body>
    </AppModal>
  );
}
