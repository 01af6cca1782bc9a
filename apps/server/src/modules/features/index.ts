/** What app.ts may use of the installation's features (DESIGN §13: everything else is its own). */
export { featureRoutes } from './features.routes.ts';
