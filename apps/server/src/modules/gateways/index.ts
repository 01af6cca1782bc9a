/** What other features and app.ts may use of gateways (DESIGN §13: everything else is its own). */
export * as gatewaysRepo from './gateways.repository.ts';
export { gatewayRoutes } from './gateways.routes.ts';
