// What other parts of the admin may use from the order detail (docs/architecture/boundaries.md, Boundaries: the web).
export { selectOrderDetailsEntry } from './selectors.ts';
