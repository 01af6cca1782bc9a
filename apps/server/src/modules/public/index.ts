/** What other features and app.ts may use of public (DESIGN §13: everything else is its own). */
export { publicPageCsp } from './csp.ts';
export { publicRoutes } from './public.routes.ts';
