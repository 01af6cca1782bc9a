/** What other features and app.ts may use of detail (DESIGN §13: everything else is its own). */
export { detailRoutes } from './detail.routes.ts';
