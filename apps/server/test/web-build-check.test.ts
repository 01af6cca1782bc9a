import { mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

/** DESIGN §19: `npm start` rebuilds the web app only when its build is missing or older than its sources. */
const ROOT = path.resolve(import.meta.dirname, '../../..');
const SCRIPT = path.join(ROOT, 'scripts/build-web-if-stale.cjs');
const { webBuildReason } = createRequire(import.meta.url)(SCRIPT) as {
  webBuildReason: (root: string) => string | null;
};

const HOUR = 3600;
/** seconds since the epoch: a fixed past, so the test never races the file system's own clock */
const T0 = 1_750_000_000;

describe('web build check before npm start', () => {
  let root: string;
  /** writes `file` under the temp root and dates it `at` (seconds) */
  const put = (file: string, at: number) => {
    const full = path.join(root, file);
    mkdirSync(path.dirname(full), { recursive: true });
    writeFileSync(full, file);
    utimesSync(full, at, at);
  };

  beforeEach(() => {
    root = mkdtempSync(path.join(tmpdir(), 'eta-web-build-'));
    for (const file of [
      'apps/web/src/main.tsx',
      'apps/web/src/admin/features/orders/OrderList.tsx',
      'apps/web/index.html',
      'apps/web/public.html',
      'apps/web/vite.config.ts',
      'packages/shared/src/statuses.ts',
      'package-lock.json',
    ]) {
      put(file, T0);
    }
    put('apps/web/dist/index.html', T0 + HOUR);
    put('apps/web/dist/public.html', T0 + HOUR);
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('leaves a build newer than every source alone', () => {
    expect(webBuildReason(root)).toBeNull();
  });

  it('builds when there is no build, or half of one', () => {
    rmSync(path.join(root, 'apps/web/dist'), { recursive: true });
    expect(webBuildReason(root)).toBe('apps/web/dist/index.html is missing');
    put('apps/web/dist/index.html', T0 + HOUR);
    expect(webBuildReason(root)).toBe('apps/web/dist/public.html is missing');
  });

  it('builds when a source deep in the web app, the shared package or the build setup is newer', () => {
    for (const file of [
      'apps/web/src/admin/features/orders/OrderList.tsx',
      'apps/web/public.html',
      'apps/web/vite.config.ts',
      'packages/shared/src/statuses.ts',
      'package-lock.json',
    ]) {
      put(file, T0 + 2 * HOUR);
      expect(webBuildReason(root), file).toBe(`${file} changed since the last build`);
      put(file, T0);
    }
    expect(webBuildReason(root)).toBeNull();
  });

  it('dates the build by its older entry page, and counts a new file as a change', () => {
    put('apps/web/dist/public.html', T0 - HOUR);
    expect(webBuildReason(root)).toMatch(/changed since the last build$/);
    put('apps/web/dist/public.html', T0 + HOUR);
    put('apps/web/src/lib/new-helper.ts', T0 + 2 * HOUR);
    expect(webBuildReason(root)).toBe('apps/web/src/lib/new-helper.ts changed since the last build');
  });

  it('ignores tests beside the code: they never reach the bundle', () => {
    put('apps/web/src/lib/format.test.ts', T0 + 2 * HOUR);
    put('apps/web/src/admin/Queue.test.tsx', T0 + 2 * HOUR);
    expect(webBuildReason(root)).toBeNull();
  });

  it('is what npm start and npm run demo run instead of an unconditional build', () => {
    const scripts: Record<string, string> = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')).scripts;
    for (const name of ['start', 'demo']) {
      expect(scripts[name]).toContain('node scripts/build-web-if-stale.cjs && exec node apps/server/src/main.ts');
      expect(scripts[name]).not.toContain('npm run build');
    }
  });
});
