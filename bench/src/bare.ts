import Fastify from 'fastify';

/**
 * The ceiling: Fastify with one route and no database, on the same machine in the same run. Every
 * throughput figure of the real server is also read as a share of this one.
 */
const app = Fastify({ logger: false });
app.get('/bare', async () => ({ status: 1, message: 'ok', data: { ok: true } }));
await app.listen({ host: '127.0.0.1', port: 0 });
const address = app.server.address();
process.send?.({ ready: true, port: typeof address === 'object' && address ? address.port : 0 });
process.on('SIGTERM', () => {
  app.close().finally(() => process.exit(0));
});
