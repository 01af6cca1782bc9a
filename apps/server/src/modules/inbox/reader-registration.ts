import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { createInboundReader, type InboundReader } from './reader.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** the app's inbound mailbox reader (DESIGN §25), made by registerInboundReader in buildApp */
    inboundReader: InboundReader;
  }
}

/** A mailbox is read for replies and bounces (INBOUND_IMAP_URL set): without one, no mail ever comes back. */
export const mailboxConnected = (ctx: AppContext): boolean => ctx.config.inbound.imapUrl !== null;

/** The reader starts with the app (unless `start` is false: tests read once), and stops before the database closes. */
export function registerInboundReader(app: FastifyInstance, ctx: AppContext, start = true): void {
  const reader = createInboundReader(ctx, app.log);
  app.decorate('inboundReader', reader);
  if (start) app.addHook('onReady', async () => reader.start());
  app.addHook('preClose', async () => reader.stop());
}
