/** What other features and app.ts may use of team (DESIGN §13: everything else is its own). */
export { teamRoutes } from './team.routes.ts';
