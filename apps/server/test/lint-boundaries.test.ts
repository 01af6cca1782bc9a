import { execFile } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * The feature boundaries of DESIGN §13 are enforced by the lint (biome.json: noRestrictedImports
 * per folder depth, noImportCycles with types included). This runs the project's own biome.json
 * over a small tree laid out like apps/server/src, so a change to the configuration that stops
 * catching a reach into another feature's internals, or a cycle, fails here.
 */
const root = path.resolve(import.meta.dirname, '../../..');
const biome = path.join(root, 'node_modules/.bin/biome');
let dir: string;

const FILES: Record<string, string> = {
  // allowed: a feature's own files, another feature's index.ts, lib/
  'apps/server/src/lib/clock.ts': 'export const tick = 1;\n',
  'apps/server/src/modules/alpha/index.ts': "export { alpha } from './alpha.service.ts';\n",
  'apps/server/src/modules/alpha/alpha.service.ts':
    "import { tick } from '../../lib/clock.ts';\nimport { beta } from '../beta/index.ts';\n\nexport const alpha = (): number => tick + beta();\n",
  'apps/server/src/modules/alpha/templates/page.ts':
    "import { tick } from '../../../lib/clock.ts';\nimport { alpha } from '../alpha.service.ts';\n\nexport const page = (): number => tick + alpha();\n",
  'apps/server/src/modules/beta/index.ts': "export { beta } from './beta.service.ts';\n",
  'apps/server/src/modules/beta/beta.service.ts': 'export const beta = (): number => 2;\n',
  'apps/server/src/app.ts': "import { alpha } from './modules/alpha/index.ts';\n\nexport const app = alpha;\n",
};

/** Biome's diagnostics for the tree as [file, rule] pairs, after writing `extra` files into it. */
async function lint(extra: Record<string, string> = {}): Promise<string[]> {
  for (const [file, text] of Object.entries({ ...FILES, ...extra })) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), text);
  }
  const run = promisify(execFile)(biome, ['lint', '--max-diagnostics=100', '--colors=off', 'apps'], { cwd: dir });
  const output = await run.then(
    (r) => r.stdout + r.stderr,
    (e: { stdout: string; stderr: string }) => e.stdout + e.stderr,
  );
  for (const file of Object.keys(extra)) rmSync(path.join(dir, file));
  return [...output.matchAll(/^(\S+\.ts):\d+:\d+ lint\/\w+\/(\w+)/gm)].map((m) => `${m[1]} ${m[2]}`).sort();
}

describe('lint: feature boundaries and import cycles (DESIGN §13)', () => {
  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'eta-lint-'));
    cpSync(path.join(root, 'biome.json'), path.join(dir, 'biome.json'));
    // biome.json names its GritQL plugins by path (scripts/biome): they come along
    cpSync(path.join(root, 'scripts/biome'), path.join(dir, 'scripts/biome'), { recursive: true });
    symlinkSync(path.join(root, 'node_modules'), path.join(dir, 'node_modules'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('accepts imports through index.ts, of lib/ and within a feature', async () => {
    expect(await lint()).toEqual([]);
  });

  it("refuses a reach into another feature's internals, from a feature, a subfolder or app.ts", async () => {
    const found = await lint({
      'apps/server/src/modules/beta/reach.ts':
        "import { alpha } from '../alpha/alpha.service.ts';\n\nexport const reach = alpha;\n",
      'apps/server/src/modules/beta/sub/deep.ts':
        "import { page } from '../../alpha/templates/page.ts';\n\nexport const deep = page;\n",
      'apps/server/src/main.ts':
        "import { beta } from './modules/beta/beta.service.ts';\n\nexport const main = beta;\n",
      'apps/server/src/plugins/guard.ts':
        "import { beta } from '../modules/beta/beta.service.ts';\n\nexport const guard = beta;\n",
    });
    expect(found).toEqual([
      'apps/server/src/main.ts noRestrictedImports',
      'apps/server/src/modules/beta/reach.ts noRestrictedImports',
      'apps/server/src/modules/beta/sub/deep.ts noRestrictedImports',
      'apps/server/src/plugins/guard.ts noRestrictedImports',
    ]);
  });

  it('refuses an import cycle, even one made of type imports', async () => {
    const found = await lint({
      'apps/server/src/lib/ring-a.ts': "import type { B } from './ring-b.ts';\n\nexport type A = { b?: B };\n",
      'apps/server/src/lib/ring-b.ts': "import type { A } from './ring-a.ts';\n\nexport type B = { a?: A };\n",
    });
    expect(found).toEqual([
      'apps/server/src/lib/ring-a.ts noImportCycles',
      'apps/server/src/lib/ring-b.ts noImportCycles',
    ]);
  });
});
