import { CLAIM_MSG, can, canReleaseClaimsOf, isRole, releaseClaimsConfirm, type TeamMemberRecord } from '@eta/shared';
import { useCallback, useState } from 'react';
import Dropdown from 'react-bootstrap/Dropdown';
import { ConfirmModal } from '../../../components/ConfirmModal.tsx';
import { refused } from '../../../lib/apiError.ts';
import { notify } from '../../../lib/notify.ts';
import { useAppSelector } from '../../../store/index.ts';
import { useReleaseClaimsMutation } from './releaseClaimsApi.ts';

/**
 * "Release claims" in Manage Team (DESIGN §18, shift handovers): a menu item per member the
 * signed-in member may release (team.releaseClaims, a Manager never an Admin's), a confirm naming
 * the member, and the server's count as the toast.
 */
export function useReleaseClaims() {
  const role = useAppSelector((state) => state.auth.role);
  const [pending, setPending] = useState<TeamMemberRecord | null>(null);
  const [release, state] = useReleaseClaimsMutation();

  // kept while the role stays, so the table's columns are not rebuilt on every render
  const item = useCallback(
    (member: TeamMemberRecord) =>
      role !== null &&
      can(role, 'team.releaseClaims') &&
      isRole(member.type) &&
      canReleaseClaimsOf(role, member.type) ? (
        <Dropdown.Item as="button" onClick={() => setPending(member)}>
          {CLAIM_MSG.releaseClaimsAction}
        </Dropdown.Item>
      ) : null,
    [role],
  );

  const modal = (
    <ConfirmModal
      show={pending !== null}
      message={pending ? releaseClaimsConfirm(pending.name) : undefined}
      confirmLabel={CLAIM_MSG.releaseClaimsAction}
      variant="primary"
      busy={state.isLoading}
      onCancel={() => setPending(null)}
      onConfirm={async () => {
        const envelope = pending && (await release({ teamMemberId: pending.id }).unwrap().catch(refused));
        if (envelope) notify(envelope);
        setPending(null);
      }}
    />
  );

  return { item, modal };
}
