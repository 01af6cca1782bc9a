/** What other features and app.ts may use of auth (DESIGN §13: everything else is its own). */
export { authPublicRoutes, authStaffRoutes } from './auth.routes.ts';
export { createPasswordHasher } from './passwords.ts';
export { createTokenService } from './tokens.ts';
