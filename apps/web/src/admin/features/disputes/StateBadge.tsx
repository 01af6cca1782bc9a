import { type DisputeState, disputeLabel } from '@eta/shared';

/** Waiting on us is the warning; decided disputes say how they ended at a glance. */
const TONE: Record<DisputeState, string> = {
  needs_response: 'text-bg-warning',
  under_review: 'text-bg-info',
  won: 'text-bg-success',
  lost: 'text-bg-danger',
  accepted: 'text-bg-secondary',
};

export function StateBadge({ state }: { state: DisputeState }) {
  return <span className={`badge ${TONE[state]}`}>{disputeLabel(state)}</span>;
}
