/** What other features and app.ts may use of saved views (DESIGN §13: everything else is its own). */
export { viewRoutes } from './views.routes.ts';
