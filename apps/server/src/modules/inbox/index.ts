/** What other features and app.ts may use of the customer conversation (DESIGN §13, §25). */

export { deliveryOf, orderConversation } from './conversation.ts';
export { inboundRoutes } from './inbound.routes.ts';
export { postgresOneInboundReader, type ReaderState, sqliteOneInboundReader } from './reader.ts';
export { mailboxConnected, registerInboundReader } from './reader-registration.ts';
export { templateRoutes } from './templates.routes.ts';
