// What other parts of the admin may use from follow-ups (docs/architecture/boundaries.md, Boundaries: the web).
export { FollowUpCountBadge, FollowUpDueBadge } from './FollowUpDue.tsx';
export { FollowUpPanel } from './FollowUpPanel.tsx';
