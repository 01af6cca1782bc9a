/** What other features and app.ts may use of ingest (DESIGN §13: everything else is its own). */
export { postgresArrivalWrites } from './arrival-writes.pg.ts';
export { sqliteArrivalWrites } from './arrival-writes.sqlite.ts';
export { hasAnyOrder } from './ingest.repository.ts';
export { ingestRoutes } from './ingest.routes.ts';
export { createIngestService } from './ingest.service.ts';
