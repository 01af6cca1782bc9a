// What other features may use from the team (docs/architecture.md, Boundaries: the web).
export { useGetTeamMemberListQuery } from './api.ts';
