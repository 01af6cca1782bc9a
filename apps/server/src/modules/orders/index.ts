/** What other features and app.ts may use of orders (DESIGN §13: everything else is its own). */
export { createAssignService } from './assign.service.ts';
export { createTimedCountsKeep, folderCountsOfMany, folderTotal, subscribeOrders } from './counts.service.ts';
export { filteredFolderCount, folderNamed } from './filtered-counts.service.ts';
export { postgresOrderWrites } from './order-writes.pg.ts';
export { sqliteOrderWrites } from './order-writes.sqlite.ts';
export { orderRoutes } from './orders.routes.ts';
export { postgresSearchEngine } from './search-engine.pg.ts';
export { sqliteSearchEngine } from './search-engine.sqlite.ts';
export { registerSearchIndexMaintenance, type SearchIndexSchedule } from './search-index.ts';
export { createSearchThreads } from './search-threads.ts';
export { createStatusService } from './status.service.ts';
