import { execFile } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * The web's boundaries (docs/architecture/boundaries.md, "Boundaries: the web"): a feature is used by others only
 * through its index.ts, the store, lib/ and components/ import no feature, and imports make no cycle.
 * Like lint-boundaries.test.ts for the server, this runs the project's own biome.json over a small
 * tree laid out like apps/web/src (in a temporary folder, so the fixtures are never linted with the
 * repository), and over the real tree, which must pass.
 */
const root = path.resolve(import.meta.dirname, '../../..');
const biome = path.join(root, 'node_modules/.bin/biome');
const REACH = "Another feature's internals: import what it exposes from its index.ts";
const STORE = 'The store sits below the features: it imports no feature or screen';
let dir: string;

const F = 'apps/web/src/admin/features';
const FILES: Record<string, string> = {
  // allowed: a feature's own files, another feature's index.ts and stylesheet, lib/, components/, store/
  'apps/web/src/lib/clock.ts': 'export const tick = 1;\n',
  'apps/web/src/components/Badge.tsx': "import { tick } from '../lib/clock.ts';\n\nexport const Badge = () => tick;\n",
  'apps/web/src/store/slice.ts': "import { tick } from '../lib/clock.ts';\n\nexport const slice = tick;\n",
  [`${F}/alpha/index.ts`]: "export { alpha } from './alpha.ts';\n",
  [`${F}/alpha/alpha.ts`]:
    "import { slice } from '../../../store/slice.ts';\n\nexport const alpha = (): number => slice;\n",
  [`${F}/alpha/alpha.css`]: '.alpha {\n  color: red;\n}\n',
  [`${F}/alpha/AlphaPage.tsx`]: "import { alpha } from './alpha.ts';\n\nexport const AlphaPage = () => alpha();\n",
  [`${F}/beta/index.ts`]: "export { Beta } from './Beta.tsx';\n",
  [`${F}/beta/Beta.tsx`]:
    "import { Badge } from '../../../components/Badge.tsx';\nimport { alpha } from '../alpha/index.ts';\nimport '../alpha/alpha.css';\n\nexport const Beta = () => alpha() + Badge();\n",
  [`${F}/beta/sections/Part.tsx`]:
    "import { alpha } from '../../alpha/index.ts';\nimport { Beta } from '../Beta.tsx';\n\nexport const Part = () => alpha() + Beta();\n",
  'apps/web/src/admin/shell/Shell.tsx':
    "import { Beta } from '../features/beta/index.ts';\n\nexport const Shell = Beta;\n",
  'apps/web/src/admin/routes.tsx':
    "export const page = () => import('./features/alpha/AlphaPage.tsx').then((m) => m.AlphaPage);\n",
};

/** Runs biome lint in `cwd` over `target`; its diagnostics as [file, rule] pairs and its whole output. */
async function biomeLint(cwd: string, target: string): Promise<{ found: string[]; output: string }> {
  const run = promisify(execFile)(biome, ['lint', '--max-diagnostics=100', '--colors=off', target], { cwd });
  const output = await run.then(
    (r) => r.stdout + r.stderr,
    (e: { stdout: string; stderr: string }) => e.stdout + e.stderr,
  );
  const found = [...output.matchAll(/^(\S+\.tsx?):\d+:\d+ lint\/\w+\/(\w+)/gm)].map((m) => `${m[1]} ${m[2]}`);
  return { found: found.sort(), output };
}

/** The fixture tree's diagnostics after writing `extra` files into it (removed again afterwards). */
async function lint(extra: Record<string, string> = {}) {
  for (const [file, text] of Object.entries({ ...FILES, ...extra })) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), text);
  }
  const result = await biomeLint(dir, 'apps');
  for (const file of Object.keys(extra)) rmSync(path.join(dir, file));
  return result;
}

describe("lint: the web's feature boundaries and import cycles", () => {
  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'eta-lint-web-'));
    cpSync(path.join(root, 'biome.json'), path.join(dir, 'biome.json'));
    // biome.json names its GritQL plugins by path (scripts/biome): they come along
    cpSync(path.join(root, 'scripts/biome'), path.join(dir, 'scripts/biome'), { recursive: true });
    symlinkSync(path.join(root, 'node_modules'), path.join(dir, 'node_modules'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('accepts imports through index.ts, of lib/, components/ and store/, and within a feature', async () => {
    expect((await lint()).found).toEqual([]);
  });

  it('passes on the real tree (apps/web/src)', async () => {
    expect((await biomeLint(root, 'apps/web/src')).found).toEqual([]);
  });

  it("refuses a reach into another feature's internals, from a feature, a subfolder, the shell or routes", async () => {
    const { found, output } = await lint({
      [`${F}/beta/reach.ts`]: "import { alpha } from '../alpha/alpha.ts';\n\nexport const reach = alpha;\n",
      [`${F}/beta/sections/deep.tsx`]: "import { alpha } from '../../alpha/alpha.ts';\n\nexport const deep = alpha;\n",
      'apps/web/src/admin/shell/Nav.tsx':
        "import { alpha } from '../features/alpha/alpha.ts';\n\nexport const Nav = alpha;\n",
      'apps/web/src/admin/App.tsx': "import { Beta } from './features/beta/Beta.tsx';\n\nexport const App = Beta;\n",
      'apps/web/src/admin/routes.tsx':
        "export const page = () => import('./features/alpha/alpha.ts').then((m) => m.alpha);\n",
    });
    expect(found).toEqual([
      'apps/web/src/admin/App.tsx noRestrictedImports',
      `${F}/beta/reach.ts noRestrictedImports`,
      `${F}/beta/sections/deep.tsx noRestrictedImports`,
      'apps/web/src/admin/routes.tsx noRestrictedImports',
      'apps/web/src/admin/shell/Nav.tsx noRestrictedImports',
    ]);
    expect(output).toContain(REACH);
  });

  it('refuses the store, lib/ or components/ importing a feature, even through its index.ts', async () => {
    const { found, output } = await lint({
      'apps/web/src/store/uses.ts':
        "import { alpha } from '../admin/features/alpha/index.ts';\n\nexport const uses = alpha;\n",
      'apps/web/src/lib/uses.ts':
        "import { alpha } from '../admin/features/alpha/index.ts';\n\nexport const uses = alpha;\n",
      'apps/web/src/components/chart/Uses.tsx':
        "import { alpha } from '../../admin/features/alpha/alpha.ts';\n\nexport const Uses = alpha;\n",
    });
    expect(found).toEqual([
      'apps/web/src/components/chart/Uses.tsx noRestrictedImports',
      'apps/web/src/lib/uses.ts noRestrictedImports',
      'apps/web/src/store/uses.ts noRestrictedImports',
    ]);
    expect(output).toContain(STORE);
  });

  it('refuses an import cycle between features, even through their index.ts', async () => {
    const { found } = await lint({
      [`${F}/alpha/alpha.ts`]:
        "import { Beta } from '../beta/index.ts';\n\nexport const alpha = (): number => Beta();\n",
    });
    expect(found).toEqual(expect.arrayContaining([`${F}/alpha/alpha.ts noImportCycles`]));
    expect(found.every((f) => f.endsWith(' noImportCycles'))).toBe(true);
  });
});
