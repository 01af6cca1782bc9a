// What other features may use from the defence pack (docs/architecture/boundaries.md, Boundaries: the web).
export { useDefenceActions } from './useDefenceActions.tsx';
