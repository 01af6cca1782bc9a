'use strict';
/*
 * `npm run test:pg [-- vitest arguments]`: the unit and API tests with PostgreSQL, on the local
 * server the README names unless TEST_DATABASE_URL already points elsewhere (each test file creates
 * and drops a database of its own there). Arguments go to `vitest run`, e.g. one file and
 * `--maxWorkers=1`. Plain CommonJS with no dependencies, like preflight.cjs.
 */
const path = require('node:path');
const { spawnSync } = require('node:child_process');

const LOCAL_POSTGRES = 'postgres://postgres@127.0.0.1:5432/postgres';
const env = { ...process.env, TEST_DATABASE_URL: process.env.TEST_DATABASE_URL || LOCAL_POSTGRES };
const vitest = path.join(path.dirname(require.resolve('vitest/package.json')), 'vitest.mjs');
const run = spawnSync(process.execPath, [vitest, 'run', ...process.argv.slice(2)], { stdio: 'inherit', env });
process.exit(run.status ?? 1);
