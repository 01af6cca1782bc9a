/** What other features and app.ts may use of remarks (DESIGN §13: everything else is its own). */
export { postgresRemarkWrites } from './remark-writes.pg.ts';
export { sqliteRemarkWrites } from './remark-writes.ts';
export { remarkRoutes } from './remarks.routes.ts';
