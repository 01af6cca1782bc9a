import { formatUtcDateTime, type SessionRecord } from '@eta/shared';
import { useState } from 'react';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Table from 'react-bootstrap/Table';
import { ConfirmModal } from '../../../components/ConfirmModal.tsx';
import { ScrollRegion } from '../../../components/ScrollRegion.tsx';

interface SessionsTableProps {
  sessions: readonly SessionRecord[];
  /** whose they are, for the confirm text: "your" or the member's name */
  owner: string;
  busy: boolean;
  onEnd: (session: SessionRecord) => void;
}

/**
 * Open sessions, newest first (DESIGN §17): device, address, when signed in and last seen; the
 * caller's own marked "This device". Ending one asks first, saying what it does.
 */
export function SessionsTable({ sessions, owner, busy, onEnd }: SessionsTableProps) {
  const [ending, setEnding] = useState<SessionRecord | null>(null);
  if (sessions.length === 0) return <p className="text-secondary mb-0">No open sessions.</p>;
  return (
    <>
      <ScrollRegion className="table-responsive" label="Sessions">
        <Table hover size="sm" className="align-middle mb-0">
          <thead>
            <tr>
              <th scope="col">Device</th>
              <th scope="col" className="text-nowrap">
                IP address
              </th>
              <th scope="col">Signed in</th>
              <th scope="col">Last seen</th>
              <th scope="col" className="text-end">
                <span className="visually-hidden">Action</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {sessions.map((session) => (
              <tr key={session.id}>
                <td title={session.userAgent ?? undefined}>
                  {session.device}{' '}
                  {session.current && (
                    <Badge bg="success" className="ms-1">
                      This device
                    </Badge>
                  )}
                </td>
                <td>{session.ip ?? '—'}</td>
                <td className="text-nowrap">{formatUtcDateTime(session.createdAt)}</td>
                <td className="text-nowrap">{formatUtcDateTime(session.lastSeenAt)}</td>
                <td className="text-end">
                  <Button
                    size="sm"
                    variant="outline-danger"
                    className="text-nowrap"
                    disabled={busy}
                    onClick={() => setEnding(session)}
                  >
                    {session.current ? 'Sign out' : 'End session'}
                  </Button>
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
      </ScrollRegion>
      <ConfirmModal
        show={ending !== null}
        message={
          ending?.current
            ? 'Sign out of this device now?'
            : `End ${owner} session on ${ending?.device ?? 'this device'}? It is signed out at its next click.`
        }
        confirmLabel={ending?.current ? 'Sign out' : 'End session'}
        busy={busy}
        onCancel={() => setEnding(null)}
        onConfirm={() => {
          if (ending) onEnd(ending);
          setEnding(null);
        }}
      />
    </>
  );
}
