// What other features may use from the account screens (docs/architecture/boundaries.md, Boundaries: the web).
export { useGetMemberSessionsQuery, useResetMemberTwoFactorMutation, useRevokeSessionMutation } from './api.ts';
export { SessionsTable } from './SessionsTable.tsx';
