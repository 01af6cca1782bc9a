/** What other features and app.ts may use of invoices (DESIGN §13: everything else is its own). */
export { invoiceRoutes } from './invoices.routes.ts';
