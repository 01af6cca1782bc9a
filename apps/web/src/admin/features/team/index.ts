// What other features may use from the team (docs/architecture/boundaries.md, Boundaries: the web).
export { useGetTeamMemberListQuery } from './api.ts';
