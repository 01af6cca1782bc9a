import type { SessionRecord, TeamMemberRecord } from '@eta/shared';
import Modal from 'react-bootstrap/Modal';
import { AppModal } from '../../../components/AppModal.tsx';
import { Loading } from '../../../components/Loading.tsx';
import { refused } from '../../../lib/apiError.ts';
import { notify } from '../../../lib/notify.ts';
import { SessionsTable, useGetMemberSessionsQuery, useRevokeSessionMutation } from '../account/index.ts';

/** Manage Team: a member's open sessions, each of which Admin and Manager may end (DESIGN §17). */
export function MemberSessionsModal({ member, onClose }: { member: TeamMemberRecord; onClose: () => void }) {
  const sessions = useGetMemberSessionsQuery(member.id);
  const [revoke, revoking] = useRevokeSessionMutation();
  const open = sessions.error ? undefined : sessions.data?.data;
  const end = async (session: SessionRecord) => {
    const envelope = await revoke(session.id).unwrap().catch(refused);
    if (envelope) notify(envelope);
  };
  return (
    <AppModal show onHide={onClose} size="lg" centered aria-labelledby="member-sessions-title">
      <Modal.Header closeButton>
        <Modal.Title id="member-sessions-title" className="h5">
          Sessions of {member.name}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        {open ? (
          <SessionsTable sessions={open} owner={`${member.name}'s`} busy={revoking.isLoading} onEnd={end} />
        ) : sessions.error ? (
          <p className="text-danger mb-0">{sessions.error.message}</p>
        ) : (
          <Loading />
        )}
      </Modal.Body>
    </AppModal>
  );
}
