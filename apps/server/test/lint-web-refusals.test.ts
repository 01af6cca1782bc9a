import { execFile } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * Issue 32: screens read a refusal from RTK Query's error channel, never by comparing an envelope's
 * status with API_STATUS.ok (or 1). The project's own biome.json and its GritQL plugin
 * (scripts/biome/no-status-ok-branch.grit) run over a small tree laid out like apps/web/src, in a
 * temporary folder, and over the real features, which must pass.
 */
const root = path.resolve(import.meta.dirname, '../../..');
const biome = path.join(root, 'node_modules/.bin/biome');
const PLUGIN = 'scripts/biome/no-status-ok-branch.grit';
const F = 'apps/web/src/admin/features';
const HEAD = "import { API_STATUS, type ApiEnvelope } from '@eta/shared';\n\n";
let dir: string;

/** Runs biome lint in `cwd` over `target`: the files its plugin flagged. */
async function flagged(cwd: string, target: string): Promise<string[]> {
  const run = promisify(execFile)(biome, ['lint', '--max-diagnostics=100', '--colors=off', target], { cwd });
  const output = await run.then(
    (r) => r.stdout + r.stderr,
    (e: { stdout: string; stderr: string }) => e.stdout + e.stderr,
  );
  return [...output.matchAll(/^(\S+\.tsx?):\d+:\d+ plugin\b/gm)].map((m) => m[1] as string).sort();
}

function write(files: Record<string, string>) {
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), text);
  }
}

describe('lint: no status === API_STATUS.ok branch in a screen', () => {
  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'eta-lint-refusals-'));
    cpSync(path.join(root, 'biome.json'), path.join(dir, 'biome.json'));
    mkdirSync(path.join(dir, path.dirname(PLUGIN)), { recursive: true });
    cpSync(path.join(root, PLUGIN), path.join(dir, PLUGIN));
    symlinkSync(path.join(root, 'node_modules'), path.join(dir, 'node_modules'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('flags each way a feature compares a status with ok, and nothing else', async () => {
    write({
      [`${F}/alpha/equal.ts`]: `${HEAD}export const ok = (e: ApiEnvelope) => e.status === API_STATUS.ok;\n`,
      [`${F}/alpha/notEqual.tsx`]: `${HEAD}export const refused = (e?: ApiEnvelope) => e?.status !== API_STATUS.ok;\n`,
      [`${F}/beta/one.ts`]: `${HEAD}export const ok = (e: ApiEnvelope) => e.status === 1;\n`,
      [`${F}/beta/flipped.ts`]: `${HEAD}export const ok = (e: ApiEnvelope) => API_STATUS.ok === e.status;\n`,
      // allowed: building a success, comparing with another status, and the HTTP client below the features
      [`${F}/beta/builds.ts`]: `${HEAD}export const made: ApiEnvelope = { status: API_STATUS.ok, message: 'x' };\n`,
      [`${F}/beta/other.ts`]: `${HEAD}export const lost = (e: ApiEnvelope) => e.status === API_STATUS.unauthorized;\n`,
      'apps/web/src/lib/client.ts': `${HEAD}export const ok = (e: ApiEnvelope) => e.status === API_STATUS.ok;\n`,
    });
    expect(await flagged(dir, 'apps')).toEqual(
      [`${F}/alpha/equal.ts`, `${F}/alpha/notEqual.tsx`, `${F}/beta/flipped.ts`, `${F}/beta/one.ts`].sort(),
    );
  });

  it('passes on the real features', async () => {
    expect(await flagged(root, F)).toEqual([]);
  });
});
