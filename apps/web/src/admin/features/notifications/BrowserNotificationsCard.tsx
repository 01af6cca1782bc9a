import { useState } from 'react';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import { selectUser, useAppSelector } from '../../../store/index.ts';
import { type BrowserNotifyKind, browserPermission, useBrowserPrefs, writeBrowserPrefs } from './browserPrefs.ts';
import { NOTIFICATIONS_TEXT } from './texts.ts';

const KINDS: readonly BrowserNotifyKind[] = ['mentions', 'priority', 'disputes'];

/**
 * The Account page's opt-in to browser notifications (DESIGN §23). The browser's permission is asked
 * only when the member ticks one, never before (decision 0287).
 */
export function BrowserNotificationsCard() {
  const member = useAppSelector(selectUser)?.email ?? '';
  const prefs = useBrowserPrefs(member);
  const [permission, setPermission] = useState(browserPermission);

  const change = async (kind: BrowserNotifyKind, on: boolean) => {
    let allowed = permission;
    if (on && allowed === 'default') {
      allowed = await Notification.requestPermission();
      setPermission(allowed);
    }
    if (on && allowed !== 'granted') return;
    writeBrowserPrefs(member, { ...prefs, [kind]: on });
  };

  return (
    <Card className="shadow-sm border-0 mb-4" data-testid="browser-notifications">
      <Card.Body>
        <h2 className="h5">{NOTIFICATIONS_TEXT.settingsTitle}</h2>
        <p className="text-secondary small">{NOTIFICATIONS_TEXT.settingsIntro}</p>
        {permission === 'unsupported' ? (
          <p className="mb-0">{NOTIFICATIONS_TEXT.unsupported}</p>
        ) : (
          <>
            {permission === 'denied' && (
              <p className="text-danger small" role="status">
                {NOTIFICATIONS_TEXT.blocked}
              </p>
            )}
            {KINDS.map((kind) => (
              <Form.Check
                key={kind}
                id={`browser-notify-${kind}`}
                type="switch"
                label={NOTIFICATIONS_TEXT.kinds[kind]}
                checked={prefs[kind] && permission === 'granted'}
                disabled={permission === 'denied'}
                onChange={(event) => void change(kind, event.currentTarget.checked)}
              />
            ))}
          </>
        )}
      </Card.Body>
    </Card>
  );
}
