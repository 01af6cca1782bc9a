/** What other features and app.ts may use of follow-ups (DESIGN §13: everything else is its own). */

export { followUpRoutes } from './follow-ups.routes.ts';
export { followUpDueCounts } from './follow-ups.service.ts';
