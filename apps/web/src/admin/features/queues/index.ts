// What other parts of the admin may use from the queues (docs/architecture.md, Boundaries: the web).
export { selectOrdersListEntry } from './selectors.ts';
