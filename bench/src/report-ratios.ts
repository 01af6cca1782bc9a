import type { DialectName } from '../../apps/server/src/db/dialect.ts';
import type { RatioFigure } from './ratios.ts';
import { int, pass, type Row } from './report-format.ts';

/** The DESIGN §27 rows: each route's throughput as a share of the bare route's, the budget on SQLite. */
export function ratioRows(dialect: DialectName, figures: readonly RatioFigure[]): Row[] {
  return figures.map((f) => {
    const budget = dialect === 'sqlite' ? f.sqliteBudget : null;
    return {
      figure: `throughput beside the bare route: ${f.label}`,
      value: `${f.ratio.toFixed(2)} of the bare route's (${int(f.requestsPerSecond)} req/s against ${int(f.bareRequestsPerSecond)} req/s${f.errors ? `, ${f.errors} errors` : ''})`,
      bare: f.ratio.toFixed(2),
      budget: budget === null ? '—' : `≥ ${budget}`,
      result: budget === null ? 'info' : pass(f.ratio >= budget && f.errors === 0),
    };
  });
}

export function ratioFailures(dialect: DialectName, figures: readonly RatioFigure[]): string[] {
  if (dialect !== 'sqlite') return [];
  return figures
    .filter((f) => f.sqliteBudget !== null && (f.ratio < f.sqliteBudget || f.errors > 0))
    .map((f) => `${dialect}: ${f.label} at ${f.ratio.toFixed(2)} of the bare route (≥ ${f.sqliteBudget})`);
}
