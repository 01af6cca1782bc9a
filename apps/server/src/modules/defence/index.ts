/** What other features and app.ts may use of defence (DESIGN §13: everything else is its own). */
export { defenceRoutes } from './defence.routes.ts';
export { createDefenceService } from './defence.service.ts';
