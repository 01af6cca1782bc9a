'use strict';
/*
 * `npm start` and `npm run demo` build the web app only when its build is missing or older than
 * what it is built from (DESIGN §19): a restart after a crash or a settings change then takes a
 * second, not a Vite build at full CPU beside the other instances. `npm run build` always builds.
 * Plain CommonJS with no dependencies, like preflight.cjs.
 */
const fs = require('node:fs');
const path = require('node:path');
const { spawnSync } = require('node:child_process');

/** What the build reads, from the repository's root; folders are walked, missing entries skipped. */
const SOURCES = [
  'apps/web/src',
  'apps/web/index.html',
  'apps/web/public.html',
  'apps/web/public',
  'apps/web/vite.config.ts',
  'apps/web/package.json',
  'packages/shared/src',
  'packages/shared/package.json',
  // new dependency versions (npm ci after a pull) change the bundle too
  'package-lock.json',
];
/** The build's entry pages, written last by Vite: the older of them dates the build. */
const BUILT = ['apps/web/dist/index.html', 'apps/web/dist/public.html'];
/** Tests sit beside the code and never reach the bundle. */
const TEST_FILE = /\.test\.[cm]?[jt]sx?$/;

/** The most recently changed file under `entry` (a file or a folder), or null when there is none. */
function newestUnder(entry) {
  let stat;
  try {
    stat = fs.statSync(entry);
  } catch {
    return null;
  }
  if (!stat.isDirectory()) return TEST_FILE.test(entry) ? null : { file: entry, mtimeMs: stat.mtimeMs };
  let newest = null;
  for (const name of fs.readdirSync(entry)) {
    const found = newestUnder(path.join(entry, name));
    if (found && (!newest || found.mtimeMs > newest.mtimeMs)) newest = found;
  }
  return newest;
}

/**
 * Why the web app must be built before starting, or null when apps/web/dist is up to date:
 * "apps/web/dist is missing" or "apps/web/src/App.tsx changed since the last build".
 */
function webBuildReason(root) {
  const builtAt = [];
  for (const file of BUILT) {
    try {
      builtAt.push(fs.statSync(path.join(root, file)).mtimeMs);
    } catch {
      return `${file} is missing`;
    }
  }
  const oldestBuilt = Math.min.apply(null, builtAt);
  for (const source of SOURCES) {
    const newest = newestUnder(path.join(root, source));
    if (newest && newest.mtimeMs > oldestBuilt) {
      return `${path.relative(root, newest.file).split(path.sep).join('/')} changed since the last build`;
    }
  }
  return null;
}

module.exports = { SOURCES, BUILT, webBuildReason };

if (require.main === module) {
  const root = path.resolve(__dirname, '..');
  const reason = webBuildReason(root);
  if (!reason) {
    console.log('The web app is up to date (apps/web/dist): not rebuilt.');
  } else {
    console.log(`Building the web app: ${reason}.`);
    const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
    process.exit(build.status === null ? 1 : build.status);
  }
}
