import type { FastifyInstance } from 'fastify';
import { buildApp, ONE_OFF_APP } from './app.ts';
import { runBackup } from './cli/backup.ts';
import { runImport } from './cli/import.ts';
import { describeRestore, runRestore } from './cli/restore.ts';
import { runRetention } from './cli/retention.ts';
import { isWorker, reportListening, startWorkers } from './cluster.ts';
import { type Config, ConfigError, loadConfig } from './config.ts';
import { droppedLogLines, stdoutLog } from './lib/log-output.ts';
import { runSeed } from './seed/run-seed.ts';

const USAGE =
  'usage: node src/main.ts start | demo | migrate | seed | import FILE.json | backup [DEST] | restore FILE | retention';

/** The seed's announcements (accounts created, a generated password) go to the console. */
const seed = (app: FastifyInstance, demo: boolean) => runSeed(app, demo, (line) => console.log(line));

/**
 * From SIGTERM to exit at most (DESIGN §22 promises 15 s, whatever happens to the log): requests
 * still running then are cut. The cluster's primary kills its workers a little after (cluster.ts).
 */
const STOP_DEADLINE_MS = 12_000;
/** after the requests, the log's backlog gets at most this long to be written */
const LOG_DRAIN_MS = 2_000;

/** The process ends; lines the log dropped are counted on stderr, if stderr takes them. */
function exitNow(code: number): never {
  const dropped = droppedLogLines();
  if (dropped > 0) {
    process.stderr.write(`eTA Desk: ${dropped} log line(s) dropped: the log output stopped taking them.\n`);
  }
  process.exit(code);
}

/** Finish accepted requests, close the database, write what the log holds, then exit (DESIGN §10, §22). */
function shutdownOn(app: FastifyInstance): void {
  let closing = false;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      if (closing) return;
      closing = true;
      const deadline = Date.now() + STOP_DEADLINE_MS;
      app.log.info({ signal }, 'shutting down');
      setTimeout(() => exitNow(1), STOP_DEADLINE_MS).unref();
      app
        .close()
        .then(
          () => 0,
          () => 1,
        )
        .then(async (code) => {
          await stdoutLog().drained(Math.min(deadline, Date.now() + LOG_DRAIN_MS));
          exitNow(code);
        });
    });
  }
}

async function main(command: string | undefined): Promise<void> {
  // backup and restore only read DATA_DIR's secret: a backup of a mistyped DATA_DIR must not seed one
  // there, and a restore writes the backed-up one
  const config = loadConfig(process.env, {
    demo: command === 'demo',
    generateJwtSecret: command !== 'backup' && command !== 'restore',
  });
  if (command === 'import') {
    // npm runs workspace scripts in apps/server; INIT_CWD is where the operator typed the command.
    process.exitCode = await runImport(config, process.argv[3], process.env.INIT_CWD ?? process.cwd());
    return;
  }
  if (command === 'backup') {
    const backup = await runBackup(config, process.argv[3], process.env.INIT_CWD ?? process.cwd());
    const files = Object.values(backup.manifest.folders).reduce((sum, folder) => sum + folder.files, 0);
    const kept = backup.manifest.storage.kind === 'disk' ? 'in the archive' : 'listed; the bucket keeps them';
    console.log(`Backup written: ${backup.file} (database and ${files} file${files === 1 ? '' : 's'} ${kept})`);
    if (backup.skipped.count > 0) {
      console.log(
        `Left out ${backup.skipped.count} file(s) under names the store never writes (${backup.skipped.examples.join(', ')}): not the service's files.`,
      );
    }
    return;
  }
  if (command === 'restore') {
    const report = await runRestore(config, process.argv[3], process.env.INIT_CWD ?? process.cwd());
    for (const line of describeRestore(report)) console.log(line);
    // objects the archive lists and the bucket lacks: the restore is not complete
    if (report.objects && report.objects.missing > 0) process.exitCode = 1;
    return;
  }
  if (command === 'retention') {
    const counts = await runRetention(config);
    console.log(`Retention pass done: ${JSON.stringify(counts)}`);
    return;
  }
  if (command === 'migrate' || command === 'seed') {
    const app = await buildApp(config, ONE_OFF_APP);
    if (command === 'seed') await seed(app, false);
    console.log(command === 'migrate' ? 'Database migrated.' : 'Database seeded.');
    await app.close();
    return;
  }
  if (command !== 'start' && command !== 'demo') throw new Error(USAGE);
  if (isWorker()) {
    reportListening(await serve(await buildApp(config), config));
    return;
  }
  if (config.workers === 1) {
    const app = await buildApp(config);
    await seed(app, command === 'demo');
    printRunning(await serve(app, config), 1);
    return;
  }
  // Several processes: this one migrates and seeds once, then only looks after the workers.
  const setup = await buildApp(config, ONE_OFF_APP);
  await seed(setup, command === 'demo');
  await setup.close();
  const workers = startWorkers(config.workers);
  printRunning(await workers.address, config.workers);
  await workers.stopped;
  process.exit(0);
}

async function serve(app: FastifyInstance, config: Config): Promise<string> {
  shutdownOn(app);
  return app.listen({ port: config.port, host: config.host });
}

function printRunning(address: string, workers: number): void {
  const shown = address.replace('://[::1]', '://localhost');
  const processes = workers > 1 ? ` (${workers} server processes)` : '';
  console.log(`\neTA Desk is running${processes}: sign in at ${shown}/`);
}

main(process.argv[2]).catch((error: unknown) => {
  if (error instanceof ConfigError) console.error(error.message);
  else console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
