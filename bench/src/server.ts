import { buildApp } from '../../apps/server/src/app.ts';
import { isWorker, reportListening, startWorkers } from '../../apps/server/src/cluster.ts';
import { loadConfig } from '../../apps/server/src/config.ts';

/**
 * The real server for the benchmark, in its own process so the load comes from another one and its
 * peak memory is its own: buildApp on the configuration from the environment, on 127.0.0.1 and a
 * free port, which it reports to the parent. With WORKERS > 1 this process forks the workers as
 * `npm start` does (apps/server/src/cluster.ts) and reports the port they share.
 */
const config = loadConfig(process.env);
const ready = (address: string) => process.send?.({ ready: true, port: Number(new URL(address).port) });

if (config.workers > 1 && !isWorker()) {
  const workers = startWorkers(config.workers);
  ready(await workers.address);
  await workers.stopped;
  process.exit(0);
} else {
  const app = await buildApp(config, { logger: process.env.LOG_LEVEL !== 'silent' });
  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  if (isWorker()) reportListening(address);
  else ready(address);
  process.on('SIGTERM', () => {
    app.close().finally(() => process.exit(0));
  });
}
