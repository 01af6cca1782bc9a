import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ROOT } from './bundle.ts';

/*
 * A change measured against the code before it, interleaved on the same kept dataset (issues 32 and
 * 37): the bench's quick modes (BENCH_MIXED_ONLY, BENCH_RATIOS_ONLY) run from a checkout of each
 * side in turn, base-head then head-base, round after round, so a host that slows down during the
 * comparison slows both sides alike. Each side's figures are given as a median with their spread:
 * the spread is how noisy the host was, and a difference inside it is no difference.
 */

const USAGE = `npm run bench:compare -- [--base REF] [--rounds N] [--what mixed|ratios|both] [--out FILE]
                              [--orders N] [--db sqlite|postgres] [--duration S] [--connections N]`;

const { values } = parseArgs({
  options: {
    base: { type: 'string', default: 'HEAD~1' },
    rounds: { type: 'string', default: '3' },
    what: { type: 'string', default: 'both' },
    out: { type: 'string' },
    orders: { type: 'string', default: '50000' },
    db: { type: 'string', default: 'sqlite' },
    duration: { type: 'string', default: '8' },
    connections: { type: 'string', default: '10' },
    help: { type: 'boolean', default: false },
  },
});
if (values.help) {
  console.log(USAGE);
  process.exit(0);
}
const rounds = Number(values.rounds);
if (!Number.isInteger(rounds) || rounds < 1 || rounds > 20)
  throw new Error('--rounds must be a whole number from 1 to 20');
if (!['mixed', 'ratios', 'both'].includes(values.what)) throw new Error('--what must be mixed, ratios or both');
if (values.db !== 'sqlite' && values.db !== 'postgres')
  throw new Error('--db must be sqlite or postgres (one at a time)');
if (values.db === 'postgres' && !process.env.DATABASE_URL && !process.env.TEST_DATABASE_URL)
  throw new Error('--db postgres needs DATABASE_URL or TEST_DATABASE_URL (the server the datasets are made on)');

const git = (...args: string[]) => execFileSync('git', args, { cwd: ROOT, encoding: 'utf8' }).trim();
const baseSha = git('rev-parse', '--verify', `${values.base}^{commit}`);
const headSha = git('rev-parse', 'HEAD');
if (git('status', '--porcelain', '--untracked-files=no') !== '')
  console.log('note: the working tree has uncommitted changes; "head" is the working tree as it is, not HEAD');

// Both sides open the same kept dataset, unless a migration only one side has would change it under
// the other: then each side runs its own bench on a dataset of its own, from the same seed.
const MIGRATIONS = 'apps/server/src/db/migrations';
const ownDatasets = git('diff', '--name-only', baseSha, '--', MIGRATIONS) !== '';
if (ownDatasets)
  console.log(`note: ${values.base} has other migrations: each side runs its own bench on a kept dataset of its own
(BENCH_DATASET_TAG base / head; the first run of each generates it)`);
const baseHas = (mode: string) => git('show', `${baseSha}:bench/src/run.ts`).includes(mode);

/**
 * The base side: a detached worktree of its commit, measured by this checkout's bench (the same
 * measuring stick for both sides), with this checkout's installed packages hard-linked in (their
 * workspace links are relative, so the base's own packages/shared is the one it runs).
 */
function baseCheckout(): string {
  const dir = path.join(os.tmpdir(), `eta-bench-base-${baseSha.slice(0, 12)}`);
  if (!existsSync(dir)) {
    git('worktree', 'add', '--detach', dir, baseSha);
    for (const modules of ['node_modules', 'apps/web/node_modules']) {
      if (existsSync(path.join(ROOT, modules)))
        execFileSync('cp', ['-al', path.join(ROOT, modules), path.join(dir, modules)]);
    }
  }
  // (path.join would drop the trailing '/.' that makes cp copy the folder's contents)
  if (!ownDatasets) execFileSync('cp', ['-r', `${path.join(ROOT, 'bench/src')}/.`, path.join(dir, 'bench/src')]);
  if (git('diff', '--name-only', baseSha, '--', 'package-lock.json') !== '')
    console.log('note: package-lock.json differs: the base side runs with this checkout’s installed packages');
  return dir;
}

type Mode = 'mixed' | 'ratios';
/** figure → value, from one run's output */
type Figures = Record<string, number>;

function parse(mode: Mode, output: string): Figures {
  const figures: Figures = {};
  const check = /machine check: SHA-256 of 64 MB (\d+) ms/.exec(output);
  if (check) figures['machine check (ms, lower is faster)'] = Number(check[1]);
  if (mode === 'mixed') {
    const m = /MIXED (\d+) req\/s, (\d+) errors; CPU ms\/request: server ([\d.]+), database ([\d.]+)/.exec(output);
    if (!m) throw new Error(`no MIXED line in the run's output:\n${output.slice(-2000)}`);
    figures['mixed req/s'] = Number(m[1]);
    figures['mixed errors'] = Number(m[2]);
    figures['server CPU ms/request'] = Number(m[3]);
    figures['database CPU ms/request'] = Number(m[4]);
  } else {
    const lines = [...output.matchAll(/RATIO (\w+) (\d+) req\/s, bare (\d+), ratio ([\d.]+), (\d+) errors/g)];
    if (lines.length === 0) throw new Error(`no RATIO lines in the run's output:\n${output.slice(-2000)}`);
    for (const [, key, , bare, ratio, errors] of lines) {
      figures[`${key}: ratio to bare`] = Number(ratio);
      figures[`${key}: bare req/s`] = Number(bare);
      if (Number(errors) > 0) figures[`${key}: errors`] = Number(errors);
    }
  }
  return figures;
}

function runSide(dir: string, mode: Mode): Promise<Figures> {
  const args = ['bench/src/run.ts', '--keep', '--orders', values.orders, '--db', values.db];
  args.push('--duration', values.duration, '--connections', values.connections);
  const env = {
    ...process.env,
    [mode === 'mixed' ? 'BENCH_MIXED_ONLY' : 'BENCH_RATIOS_ONLY']: '1',
    ...(ownDatasets ? { BENCH_DATASET_TAG: dir === ROOT ? 'head' : 'base' } : {}),
  };
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { cwd: dir, env, stdio: ['ignore', 'pipe', 'inherit'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.on('error', reject);
    child.on('exit', (code) => {
      if (code !== 0) reject(new Error(`the bench exited with ${code} in ${dir}:\n${output.slice(-2000)}`));
      else {
        try {
          resolve(parse(mode, output));
        } catch (error) {
          reject(error);
        }
      }
    });
  });
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? (s[mid] as number) : ((s[mid - 1] as number) + (s[mid] as number)) / 2;
};
const spread = (xs: number[]) => {
  const m = median(xs);
  return m === 0 ? 0 : (Math.max(...xs) - Math.min(...xs)) / m;
};
const show = (x: number) => (Math.abs(x) >= 100 ? Math.round(x).toLocaleString('en') : x.toPrecision(3));

function table(mode: Mode, base: Figures[], head: Figures[]): string {
  const rows = [
    '| figure | base (median, runs) | head (median, runs) | head / base | spread base · head |',
    '|---|---|---|---|---|',
  ];
  for (const key of Object.keys(head[0] ?? {})) {
    const b = base.map((f) => f[key] ?? Number.NaN);
    const h = head.map((f) => f[key] ?? Number.NaN);
    const cell = (xs: number[]) => `${show(median(xs))} (${xs.map(show).join(', ')})`;
    const pct = (x: number) => `${(x * 100).toFixed(0)}%`;
    rows.push(
      `| ${key} | ${cell(b)} | ${cell(h)} | ${median(b) === 0 ? '—' : (median(h) / median(b)).toFixed(3)} | ${pct(spread(b))} · ${pct(spread(h))} |`,
    );
  }
  return `### ${mode === 'mixed' ? 'Mixed workload' : 'Throughput beside the bare route'}\n\n${rows.join('\n')}\n`;
}

const baseDir = baseCheckout();
const modes = (values.what === 'both' ? ['mixed', 'ratios'] : [values.what as Mode]).filter((mode) => {
  const name = mode === 'mixed' ? 'BENCH_MIXED_ONLY' : 'BENCH_RATIOS_ONLY';
  if (!ownDatasets || baseHas(name)) return true;
  console.log(`note: ${values.base}'s own bench has no ${name}: ${mode} is not compared`);
  return false;
}) as Mode[];
const heading = `## ${values.base} (${baseSha.slice(0, 9)}) against the working tree (${headSha.slice(0, 9)})

${values.orders} orders on ${values.db}, ${ownDatasets ? 'each side measured by its own bench on a dataset of its own (their migrations differ)' : "both sides measured by the working tree's bench on one dataset"}; ${rounds} rounds, each side once a round, base first in odd rounds and head first in even ones; ${values.connections} connections, ${values.duration} s a run; ${new Date().toISOString()}, ${os.cpus().length} cores.
`;
const sections: string[] = [];
for (const mode of modes) {
  const base: Figures[] = [];
  const head: Figures[] = [];
  for (let round = 1; round <= rounds; round += 1) {
    const order = round % 2 === 1 ? ['base', 'head'] : ['head', 'base'];
    for (const side of order) {
      console.log(`${mode}, round ${round}/${rounds}: ${side}…`);
      const figures = await runSide(side === 'base' ? baseDir : ROOT, mode);
      (side === 'base' ? base : head).push(figures);
      console.log(
        `  ${Object.entries(figures)
          .map(([k, v]) => `${k} ${show(v)}`)
          .join('; ')}`,
      );
    }
  }
  sections.push(table(mode, base, head));
}
const report = `${heading}\n${sections.join('\n')}`;
console.log(`\n${report}`);
if (values.out) {
  mkdirSync(path.dirname(values.out), { recursive: true });
  writeFileSync(values.out, report);
  console.log(`written to ${values.out}`);
}
