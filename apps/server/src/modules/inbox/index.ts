/** What other features and app.ts may use of the customer conversation (DESIGN §13, §25). */
export { templateRoutes } from './templates.routes.ts';
