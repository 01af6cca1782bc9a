import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from './bundle.ts';

/**
 * The previous committed report (DESIGN §20: each figure beside it): bench/results/latest.md as git
 * has it at HEAD, or the file as it stands when git cannot say (no repository, a new file).
 */
export interface PreviousReport {
  /** when the previous run was made, as its report says */
  ranAt: string | null;
  /** the short form of a figure ("p95 0.64 ms", "2,824 req/s"), by database section and figure name */
  figure(section: string, figure: string): string | null;
}

function committedText(file: string): string | null {
  try {
    const relative = path.relative(ROOT, file).split(path.sep).join('/');
    return execFileSync('git', ['show', `HEAD:${relative}`], {
      cwd: ROOT,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    });
  } catch {
    return existsSync(file) ? readFileSync(file, 'utf8') : null;
  }
}

/**
 * "p50 0.35 · p95 0.64 · p99 2.74 ms" → "p95 0.64 ms"; "2,824 req/s, 0 errors …" → "2,824 req/s";
 * "0.14 of the bare route's …" → "0.14 of bare".
 */
export function shortFigure(value: string): string | null {
  const ratio = /^(\d+\.\d+) of the bare route/.exec(value);
  if (ratio) return `${ratio[1]} of bare`;
  const p95 = /p95 ([\d.,]+)(?:[^|]*?)( ms)/.exec(value);
  if (p95) return `p95 ${p95[1]} ms`;
  const rate = /([\d.,]+) (req\/s|orders\/s)/.exec(value);
  if (rate) return `${rate[1]} ${rate[2]}`;
  const size = /^([\d.,]+ kB) gzipped/.exec(value);
  return size ? (size[1] ?? null) : null;
}

/** Reads the figure tables of a report: `## SQLite …` / `## PostgreSQL …` sections, rows `| figure | value | …`. */
export function parseReport(markdown: string): PreviousReport {
  const figures = new Map<string, string>();
  let section = '';
  for (const line of markdown.split('\n')) {
    const heading = /^## (\S+)/.exec(line);
    if (heading) section = heading[1] ?? '';
    const cells = line.split('|').map((cell) => cell.trim());
    // | figure | value | …: cells[0] is before the first bar
    if (cells.length < 4 || cells[1] === 'figure' || cells[1]?.startsWith('---')) continue;
    const short = shortFigure(cells[2] ?? '');
    if (short) figures.set(`${section}|${cells[1]}`, short);
  }
  const ranAt = /Run (\d{4}-\d\d-\d\dT[\d:]+Z)/.exec(markdown)?.[1] ?? null;
  return { ranAt, figure: (name, figure) => figures.get(`${name}|${figure}`) ?? null };
}

export function loadPrevious(file: string): PreviousReport | null {
  const text = committedText(file);
  return text ? parseReport(text) : null;
}
