// What other features may use from refunds (docs/architecture/boundaries.md, Boundaries: the web).
export { AcceptDispute } from './AcceptDispute.tsx';
export { useDisputeEvidenceMutation, useProcessorSummaryQuery } from './api.ts';
export { RefundsSection } from './RefundsSection.tsx';
export { SubmitEvidence } from './SubmitEvidence.tsx';
