/** What other features and app.ts may use of reports (DESIGN §13: everything else is its own). */
export { reportRoutes } from './reports.routes.ts';
