/** What other features and app.ts may use of live (DESIGN §13, §18: everything else is its own). */
export { createLiveHub, type LiveHub, type LiveHubOptions } from './hub.ts';
export { liveRoutes } from './live.routes.ts';
export { clusterLiveTransport } from './live-transport.cluster.ts';
export { postgresLiveTransport } from './live-transport.pg.ts';
export { type LiveTransport, localLiveTransport } from './live-transport.ts';
