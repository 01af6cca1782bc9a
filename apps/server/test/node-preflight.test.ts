import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/** DESIGN §19: Node older than 24 stops npm install and every npm script at once, with this message. */
const ROOT = path.resolve(import.meta.dirname, '../../..');
const SCRIPT = path.join(ROOT, 'scripts/preflight.cjs');
const { nodeVersionProblem } = createRequire(import.meta.url)(SCRIPT) as {
  nodeVersionProblem: (version: string) => string | null;
};

describe('Node.js preflight', () => {
  it('refuses a Node.js older than 24 with DESIGN §19’s message', () => {
    expect(nodeVersionProblem('v20.11.1')).toBe('eTA Desk needs Node.js 24 or newer (found v20.11.1).');
    expect(nodeVersionProblem('v23.11.0')).toBe('eTA Desk needs Node.js 24 or newer (found v23.11.0).');
    expect(nodeVersionProblem('v8.17.0')).toBe('eTA Desk needs Node.js 24 or newer (found v8.17.0).');
  });

  it('lets Node.js 24 and newer through', () => {
    expect(nodeVersionProblem('v24.0.0')).toBeNull();
    expect(nodeVersionProblem('v24.11.1')).toBeNull();
    expect(nodeVersionProblem('v26.1.0')).toBeNull();
  });

  it('passes quietly on the Node.js running the tests', () => {
    const run = spawnSync(process.execPath, [SCRIPT], { encoding: 'utf8' });
    expect(run.status).toBe(0);
    expect(run.stderr).toBe('');
  });

  it('runs in front of every npm script, and npm install is engine-strict', () => {
    const scripts: Record<string, string> = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')).scripts;
    for (const [name, command] of Object.entries(scripts)) {
      expect(command.startsWith('node scripts/preflight.cjs'), name).toBe(true);
    }
    expect(scripts.preinstall).toBe('node scripts/preflight.cjs');
    expect(readFileSync(path.join(ROOT, '.npmrc'), 'utf8')).toMatch(/^engine-strict=true$/m);
  });
});
