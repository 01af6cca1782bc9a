/** What other features and app.ts may use of documents (DESIGN §13: everything else is its own). */
export { documentRoutes } from './documents.routes.ts';
export { storePastDocument } from './past-document.ts';
