// What other parts of the admin may use from the queues (docs/architecture/boundaries.md, Boundaries: the web).
export { NextUrgentOrderButton } from './NextOrderButton.tsx';
export { selectOrdersListEntry } from './selectors.ts';
export { useCameThroughNextOrder, useNextOrder } from './useNextOrder.ts';
