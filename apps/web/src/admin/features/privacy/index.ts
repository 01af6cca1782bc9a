// What other features may use from privacy (docs/architecture/boundaries.md, Boundaries: the web).
export { PrivacySection, WhoOpened } from './PrivacySection.tsx';
