/** What other features and app.ts may use of accounts (DESIGN §13: everything else is its own). */
export { accountPublicRoutes, accountRoutes } from './accounts.routes.ts';
export { accountFailures, accountKey } from './failure-counts.ts';
export { directSessions, listeningSessions } from './session-source.ts';
export { createSessionsService, type SignInOrigin } from './sessions.service.ts';
export { createTwoFactorService, hasTwoFactor } from './two-factor.service.ts';
