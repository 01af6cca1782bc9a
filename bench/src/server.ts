import { buildApp } from '../../apps/server/src/app.ts';
import { loadConfig } from '../../apps/server/src/config.ts';

/**
 * The real server for the benchmark, in its own process so the load comes from another one and its
 * peak memory is its own: buildApp on the configuration from the environment, on 127.0.0.1 and a
 * free port, which it reports to the parent.
 */
const app = await buildApp(loadConfig(process.env), { logger: process.env.LOG_LEVEL !== 'silent' });
await app.listen({ host: '127.0.0.1', port: 0 });
const address = app.server.address();
process.send?.({ ready: true, port: typeof address === 'object' && address ? address.port : 0 });
process.on('SIGTERM', () => {
  app.close().finally(() => process.exit(0));
});
