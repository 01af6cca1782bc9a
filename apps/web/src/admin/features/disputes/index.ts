// What other features may use from disputes (docs/architecture/boundaries.md, Boundaries: the web).
export { type DisputeListArgs, useListDisputesQuery } from './api.ts';
export { DisputesSection } from './DisputesSection.tsx';
export { DueDate } from './DueDate.tsx';
export { disputesSearch } from './disputesAddress.ts';
export { DISPUTE_TEXT } from './texts.ts';
